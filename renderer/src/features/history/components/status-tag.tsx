import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../../../shared/ipc/schemas/issuance.js';

const COLORS = { queued: 'default', issuing: 'processing', issued: 'success', failed: 'error' } as const;

export function StatusTag({ row }: { row: InvoiceSummary }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLORS[row.status]} data-testid={`status-${row.lsh}`} data-status={row.status}>
      {t(`status.${row.status}`)}
    </Tag>
  );
  if (row.status !== 'failed') return tag;
  const reason = row.error ? t('history.failedReason', { reason: row.error }) : t('history.failedNoReason');
  return <Tooltip title={reason}>{tag}</Tooltip>;
}
