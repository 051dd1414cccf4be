/** The audit feature's only call to main: a page of 操作日志 (`audit:list`, an admin's). */
import type { AuditListRequest, AuditPage } from '../../../../shared/ipc/schemas/audit.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';

/** The page asked for, or null when main refused (the refusal is shown). */
export async function loadAuditPage(request: AuditListRequest): Promise<AuditPage | null> {
  const result = await getApi().audit.list(request);
  if (result.ok) return result.value;
  reportFailure(result.error, 'audit');
  return null;
}
