import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, ReversalState } from '../../../../../shared/ipc/index.js';

const COLORS = { queued: 'default', issuing: 'processing', issued: 'success', failed: 'error' } as const;
const isInvoiceStatus = (status: string | null): status is InvoiceStatus => status !== null && status in COLORS;

interface StatusProps {
  serial: string;
  status: string | null;
  error?: string | null;
  kplx?: '0' | '1' | null;
  reversal?: ReversalState | null;
}

/** State of an output invoice: its issuing state, 红字 for a red one, and how far a blue one is reversed. */
export function StatusTag({ serial, status, error, kplx, reversal }: StatusProps) {
  const { t } = useTranslation();
  if (!isInvoiceStatus(status)) return null;
  let tag = (
    <Tag color={COLORS[status]} data-testid={`status-${serial}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
  if (status === 'failed') {
    tag = <Tooltip title={error ? t('history.failedReason', { reason: error }) : t('history.failedNoReason')}>{tag}</Tooltip>;
  }
  return (
    <Space size={2}>
      {tag}
      {kplx === '1' && (
        <Tag color="red" data-testid={`kplx-${serial}`}>
          {t('history.red')}
        </Tag>
      )}
      {reversal === 'partial' && (
        <Tag color="orange" data-testid={`reversal-${serial}`} data-reversal="partial">
          {t('history.reversalPartial')}
        </Tag>
      )}
      {reversal === 'full' && (
        <Tag color="magenta" data-testid={`reversal-${serial}`} data-reversal="full">
          {t('history.reversalFull')}
        </Tag>
      )}
    </Space>
  );
}
