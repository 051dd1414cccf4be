/**
 * The invoices submitted from this form in this session, with their live state (排队 → 开具中 → 已开具 /
 * 失败 with the reason), a notification when one is done, and its PDF / OFD / XML opened from the app.
 */
import { useEffect } from 'react';
import { App, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceFileFormat, InvoiceSummary } from '../../../../../shared/ipc/schemas/issuance.js';
import { onInvoiceUpdated, openInvoiceFile, repeatInvoice } from '../actions.js';
import { i18n } from '../../../app/i18n.js';
import { notify, reportFailure } from '../../../lib/messages.js';
import { useIssuanceStore } from '../store.js';
import { openPrint } from '../../print/actions.js';

const COLORS = { queued: 'default', issuing: 'processing', issued: 'success', failed: 'error' } as const;
const FORMATS: InvoiceFileFormat[] = ['pdf', 'ofd', 'xml'];
const FORMAT_KEYS = { pdf: 'issuanceForm.openPdf', ofd: 'issuanceForm.openOfd', xml: 'issuanceForm.openXml' } as const;

/**
 * Applies an `issuance:updated` to the list and tells the clerk when an invoice is done. An event can
 * overtake the answer to its own submission (the sandbox issues within milliseconds): such an early event
 * is kept and applied as soon as the submission is in the list, so the list never stays at 排队.
 */
export function applyInvoiceUpdate(invoice: InvoiceSummary): void {
  const store = useIssuanceStore.getState();
  // Batches and red invoices raise the same event; this list is about what the clerk sent from here.
  if (!store.recent.some((row) => row.lsh === invoice.lsh)) {
    store.noteEarlyUpdate(invoice);
    return;
  }
  const before = store.upsertRecent(invoice);
  if (before === invoice.status) return;
  if (invoice.status === 'issued') {
    notify.open({
      type: 'success',
      key: `issued-${invoice.lsh}`,
      title: i18n.t('issuanceForm.issuedTitle'),
      description: i18n.t('issuanceForm.issuedBody', { buyer: invoice.buyerName, total: invoice.total, number: invoice.invoiceNumber ?? '' }),
      placement: 'bottomRight',
    });
  } else if (invoice.status === 'failed') {
    notify.open({
      type: 'error',
      key: `failed-${invoice.lsh}`,
      title: i18n.t('issuanceForm.failedTitle'),
      description: i18n.t('issuanceForm.failedBody', { buyer: invoice.buyerName, reason: invoice.error ?? i18n.t('history.failedNoReason') }),
      placement: 'bottomRight',
      duration: 0,
    });
  }
}

/** Follows `issuance:updated` for the invoices submitted here. */
export function useRecentSync(): void {
  useEffect(() => onInvoiceUpdated(applyInvoiceUpdate), []);
}

function RecentItem({ row }: { row: InvoiceSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = async (format: InvoiceFileFormat) => {
    const result = await openInvoiceFile(row.id, format);
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
        <Space size={4} style={{ marginTop: 4 }} wrap>
          <Button size="small" type="primary" ghost data-testid={`repeat-${row.lsh}`} onClick={() => void repeatInvoice(row.id)}>
            {t('history.actions.repeat')}
          </Button>
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
