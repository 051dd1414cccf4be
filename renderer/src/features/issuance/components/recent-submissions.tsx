/**
 * The invoices submitted from this form in this session, with their live state (排队 → 开具中 → 已开具 /
 * 失败 with the reason), a notification when one is done, and its PDF / OFD / XML opened from the app.
 */
import { useEffect } from 'react';
import { App, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceFileFormat, InvoiceSummary } from '../../../../../shared/ipc/schemas/issuance.js';
import { getApi } from '../../../lib/api.js';
import { reportFailure } from '../../../lib/messages.js';
import { useIssuanceStore } from '../store.js';
import { openPrint } from '../../print/actions.js';

const COLORS = { queued: 'default', issuing: 'processing', issued: 'success', failed: 'error' } as const;
const FORMATS: InvoiceFileFormat[] = ['pdf', 'ofd', 'xml'];
const FORMAT_KEYS = { pdf: 'issuanceForm.openPdf', ofd: 'issuanceForm.openOfd', xml: 'issuanceForm.openXml' } as const;

/** Follows `issuance:updated` for the invoices submitted here and tells the clerk when each is done. */
export function useRecentSync(): void {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  useEffect(
    () =>
      getApi().on('issuance:updated', (invoice) => {
        const store = useIssuanceStore.getState();
        // Batches and red invoices raise the same event; this list is about what the clerk sent from here.
        if (!store.recent.some((row) => row.lsh === invoice.lsh)) return;
        const before = store.upsertRecent(invoice);
        if (before === invoice.status) return;
        if (invoice.status === 'issued') {
          notification.success({
            key: `issued-${invoice.lsh}`,
            title: t('issuanceForm.issuedTitle'),
            description: t('issuanceForm.issuedBody', { buyer: invoice.buyerName, total: invoice.total, number: invoice.invoiceNumber ?? '' }),
            placement: 'bottomRight',
          });
        } else if (invoice.status === 'failed') {
          notification.error({
            key: `failed-${invoice.lsh}`,
            title: t('issuanceForm.failedTitle'),
            description: t('issuanceForm.failedBody', { buyer: invoice.buyerName, reason: invoice.error ?? t('history.failedNoReason') }),
            placement: 'bottomRight',
            duration: 0,
          });
        }
      }),
    [notification, t],
  );
}

function RecentItem({ row }: { row: InvoiceSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = async (format: InvoiceFileFormat) => {
    const result = await getApi().issuance.openFile({ id: row.id, format });
    if (result.ok) void message.success(t('issuanceForm.fileOpened', { format: format.toUpperCase() }));
    else reportFailure(result.error, `issuance:openFile:${row.id}`);
  };
  return (
    <List.Item data-testid={`recent-${row.lsh}`} data-status={row.status} style={{ display: 'block' }}>
      <Space size={8} wrap>
        <Tag color={COLORS[row.status]} data-testid={`recent-status-${row.lsh}`}>
          {t(`status.${row.status}`)}
        </Tag>
        <Typography.Text strong>{row.buyerName}</Typography.Text>
      </Space>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`invoiceType.${row.invoiceType}`)} · ¥{row.total}
          {row.invoiceNumber ? ` · ${row.invoiceNumber}` : ''}
        </Typography.Text>
      </div>
      {row.status === 'failed' && (
        <Typography.Text type="danger" data-testid={`recent-error-${row.lsh}`}>
          {row.error ? t('history.failedReason', { reason: row.error }) : t('history.failedNoReason')}
        </Typography.Text>
      )}
      {row.status === 'issued' && (
        <Space size={4} style={{ marginTop: 4 }}>
          {/* A paper invoice is offered for printing as soon as it is issued. */}
          {(row.invoiceType === '004' || row.invoiceType === '007') && (
            <Button size="small" type="primary" data-testid={`print-${row.lsh}`} onClick={() => void openPrint([row.id], row.invoiceType)}>
              {t('print.print')}
            </Button>
          )}
          {FORMATS.map((format) => (
            <Button key={format} size="small" data-testid={`open-${format}-${row.lsh}`} onClick={() => void open(format)}>
              {t(FORMAT_KEYS[format])}
            </Button>
          ))}
        </Space>
      )}
    </List.Item>
  );
}

export function RecentSubmissions() {
  const { t } = useTranslation();
  const recent = useIssuanceStore((s) => s.recent);
  useRecentSync();
  return (
    <Card size="small" title={t('issuanceForm.recent')} data-testid="recent-submissions">
      {recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('issuanceForm.noRecent')} />
      ) : (
        <List size="small" dataSource={recent} rowKey="lsh" renderItem={(row) => <RecentItem row={row} />} />
      )}
    </Card>
  );
}
