/**
 * The actions of an invoice in the drawer: 冲红 (when something is left to reverse), 打印 (paper 004/007:
 * the print dialog; electronic invoices: their layout PDF on a chosen printer), the issued files
 * (issuance:openFile), and the red-letter forms' own action (issue the red invoice from an approved form).
 */
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceFileFormat, OutputInvoiceDetail } from '../../../../../shared/ipc/index.js';
import { openInvoiceFile, repeatInvoice } from '../../issuance/actions.js';
import { reportFailure, reportSuccess } from '../../../lib/messages.js';
import { useHistoryStore } from '../store.js';
import { useAllowed } from '../../clerks/actions.js';
import { openPrint } from '../../print/actions.js';
import { ArchivePrint } from '../../print/components/archive-print.js';
import { PrintLog } from '../../print/components/print-log.js';

const PAPER_TYPES = new Set(['004', '007']);
const ELECTRONIC_TYPES = new Set(['026', '028', '81', '82']);
const FILE_LABELS = { pdf: 'history.actions.openPdf', ofd: 'history.actions.openOfd', xml: 'history.actions.openXml' } as const;

/** Why 冲红 is not available, or null when it is. */
function redBlockedReason(detail: OutputInvoiceDetail): 'history.actions.isRed' | 'history.actions.notIssued' | 'history.actions.fullyReversed' | null {
  if (detail.kplx === '1') return 'history.actions.isRed';
  if (detail.summary.status !== 'issued') return 'history.actions.notIssued';
  if (detail.reversal && Number(detail.reversal.remaining) <= 0) return 'history.actions.fullyReversed';
  return null;
}

export function InvoiceActions({ detail }: { detail: OutputInvoiceDetail }) {
  const { t } = useTranslation();
  // A clerk whose role may not reverse (an 开票员) is not offered 冲红; main refuses it anyway.
  const mayReverse = useAllowed('reversal:start');
  const blocked = redBlockedReason(detail);
  const openFile = async (format: InvoiceFileFormat) => {
    const result = await openInvoiceFile(detail.summary.id, format);
    if (result.ok) reportSuccess(t('history.actions.opened', { path: result.value.path }));
    else reportFailure(result.error, 'issuance:openFile');
  };
  const red = (
    <Button type="primary" danger disabled={blocked !== null} data-testid="action-red" onClick={() => useHistoryStore.getState().setRedOpen(true)}>
      {t('history.actions.red')}
    </Button>
  );
  return (
    <Space wrap data-testid="invoice-actions">
      {detail.kplx === '0' && (
        <Button type="primary" data-testid="action-repeat" onClick={() => void repeatInvoice(detail.summary.id).then((done) => done && useHistoryStore.getState().select(null))}>
          {t('history.actions.repeat')}
        </Button>
      )}
      {mayReverse && (blocked ? <Tooltip title={t(blocked)}>{red}</Tooltip> : red)}
      {PAPER_TYPES.has(detail.summary.invoiceType) && (
        <Button
          disabled={detail.summary.status !== 'issued'}
          data-testid="action-print"
          onClick={() => void openPrint([detail.summary.id], detail.summary.invoiceType)}
        >
          {t('history.actions.print')}
        </Button>
      )}
      {ELECTRONIC_TYPES.has(detail.summary.invoiceType) && detail.summary.status === 'issued' && detail.files.pdf && (
        <ArchivePrint invoiceId={detail.summary.id} invoiceType={detail.summary.invoiceType} />
      )}
      {(['pdf', 'ofd', 'xml'] as const).map((format) => {
        const button = (
          <Button key={format} disabled={!detail.files[format]} data-testid={`action-open-${format}`} onClick={() => void openFile(format)}>
            {t(FILE_LABELS[format])}
          </Button>
        );
        return detail.files[format] ? button : (
          <Tooltip key={format} title={t('history.actions.noFile')}>
            {button}
          </Tooltip>
        );
      })}
      {PAPER_TYPES.has(detail.summary.invoiceType) && detail.summary.status === 'issued' && <PrintLog invoiceId={detail.summary.id} />}
    </Space>
  );
}
