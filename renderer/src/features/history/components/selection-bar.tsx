/**
 * The bar above the history table while rows are ticked: how many, 打印所选 for the issued paper invoices
 * among them (004, 007 — printed in invoice-number order by the print dialog, with progress), and how many
 * are left out and why. Test ids: history-selection (data-count), history-print-selected,
 * history-selection-clear, history-selection-skipped.
 */
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../../../shared/ipc/index.js';
import { byInvoiceNumber } from '../../../../../shared/print/order.js';
import { openPrint } from '../../print/actions.js';
import { useHistoryStore } from '../store.js';

const PAPER_TYPES = new Set(['004', '007']);
const printable = (row: HistoryRow) => row.direction === 'output' && PAPER_TYPES.has(row.invoiceType) && row.status === 'issued';

/** Opens the print dialog for the ticked issued paper invoices, previewed in the order they print; false when none is printable. */
export function printChecked(): boolean {
  const rows = [...useHistoryStore.getState().checked.values()].filter(printable).sort(byInvoiceNumber);
  if (rows.length === 0) return false;
  void openPrint(
    rows.map((row) => row.id),
    rows[0]!.invoiceType,
  );
  return true;
}

export function SelectionBar() {
  const { t } = useTranslation();
  const checked = useHistoryStore((s) => s.checked);
  const rows = [...checked.values()];
  const count = rows.filter(printable).length;
  const skipped = rows.length - count;
  if (rows.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="history-selection-hint">
        {t('history.selection.hint')}
      </Typography.Text>
    );
  }
  return (
    <Alert
      type="info"
      data-testid="history-selection"
      data-count={rows.length}
      title={
        <Space wrap>
          <Typography.Text strong>{t('history.selection.count', { count: rows.length })}</Typography.Text>
          <Button type="primary" size="small" disabled={count === 0} onClick={() => printChecked()} data-testid="history-print-selected">
            {t('history.selection.print', { count })}
          </Button>
          <Button size="small" onClick={() => useHistoryStore.getState().setChecked(new Map())} data-testid="history-selection-clear">
            {t('history.selection.clear')}
          </Button>
          {skipped > 0 && (
            <Typography.Text type="secondary" data-testid="history-selection-skipped">
              {t('history.selection.notPrintable', { count: skipped })}
            </Typography.Text>
          )}
        </Space>
      }
    />
  );
}
