/** The print log of one invoice in its drawer: every job with its printer, status and cause, reprints counted. */
import { useEffect, useState } from 'react';
import { List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintLog as PrintLogData } from '../../../../../shared/ipc/schemas/print.js';
import { jobFailureText, loadLog } from '../actions.js';
import { usePrintStore } from '../store.js';
import { formatDateTime } from '../../../lib/format.js';

export function PrintLog({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<PrintLogData | null>(null);
  // Reloaded whenever a print run ends, so a reprint shows at once.
  const jobs = usePrintStore((s) => s.jobs);
  useEffect(() => {
    void loadLog(invoiceId).then(setLog);
  }, [invoiceId, jobs]);
  if (!log) return null;
  return (
    <List
      size="small"
      data-testid="print-log"
      header={
        <Space>
          <Typography.Text strong>{t('print.log')}</Typography.Text>
          {log.reprints > 0 && <Tag data-testid="print-reprints">{t('print.reprints', { count: log.reprints })}</Tag>}
        </Space>
      }
      dataSource={log.jobs}
      locale={{ emptyText: t('print.noJobs') }}
      renderItem={(job) => (
        <List.Item data-testid={`print-log-${job.id}`}>
          <Space direction="vertical" size={0}>
            <Space>
              <Tag color={job.status === 'printed' ? 'success' : job.status === 'failed' ? 'error' : 'processing'}>{t(`print.status.${job.status}`)}</Tag>
              <Typography.Text>
                {t(`print.document.${job.document}`)} · {job.printer} · {formatDateTime(job.createdAt)}
              </Typography.Text>
            </Space>
            {job.status === 'failed' && <Typography.Text type="danger">{jobFailureText(job)}</Typography.Text>}
          </Space>
        </List.Item>
      )}
    />
  );
}
