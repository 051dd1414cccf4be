/** Channels of the audit trail: settings → 操作日志, an admin's (docs/team-ledger.md §6). */
import { AuditListRequest, AuditPage } from '../schemas/audit.js';
import type { ChannelSpec } from './common.js';

export const auditChannels = {
  'audit:list': { request: AuditListRequest, response: AuditPage },
} as const satisfies Record<string, ChannelSpec>;
