/**
 * The history as a ledger: invoice number, date, buyer, amount, tax and state first, then type and
 * code; only the rows in view are rendered and pages are loaded as the clerk scrolls (VirtualTable +
 * useKeysetRows). The serial (流水号) is in the detail drawer. Test ids: history-table; each row is
 * `history-row-<lsh>` with data-lsh, data-invoice-number and data-checked attributes; status tags are
 * `status-<lsh>` with data-status, reversal tags `reversal-<lsh>`. A click or Enter on a row opens its
 * detail drawer; Ctrl-click, Shift-click, Space and Shift+↑/↓ tick rows for printing several at once.
 */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../../../shared/ipc/index.js';
import { VirtualTable, type VirtualColumn } from '../../../lib/paged-list/index.js';
import { repeatInvoice } from '../../issuance/actions.js';
import { formatDateTime } from '../format.js';
import { useHistoryStore } from '../store.js';
import { StatusTag } from './status-tag.js';
import type { HistoryRows } from './use-history-sync.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;
const isType = (value: string): value is '004' | '007' | '025' | '026' | '028' | '81' | '82' => ['004', '007', '025', '026', '028', '81', '82'].includes(value);

function useColumns(): Array<VirtualColumn<HistoryRow>> {
  const { t } = useTranslation();
  // Money is shown as the decimal text main sends; it is never turned into a float.
  return [
    { key: 'invoiceNumber', title: t('history.invoiceNumber'), width: 190, render: (row) => <span style={mono}>{row.invoiceNumber ?? ''}</span> },
    { key: 'date', title: t('history.createdAt'), width: 160, render: (row) => <span style={mono}>{formatDateTime(row.date)}</span> },
    { key: 'buyerName', title: t('history.buyerName'), width: '28%', render: (row) => <span title={row.counterpartyName ?? ''}>{row.counterpartyName}</span> },
    { key: 'total', title: t('history.total'), width: 110, align: 'right', render: (row) => <span style={mono}>{row.total ?? ''}</span> },
    { key: 'tax', title: t('history.tax'), width: 100, align: 'right', render: (row) => <span style={mono}>{row.tax ?? ''}</span> },
    {
      key: 'status',
      title: t('history.status'),
      width: 190,
      render: (row) => <StatusTag serial={row.serial ?? String(row.id)} status={row.status} kplx={row.kplx} reversal={row.reversal} />,
    },
    { key: 'invoiceType', title: t('history.invoiceType'), width: 150, render: (row) => (isType(row.invoiceType) ? t(`invoiceType.${row.invoiceType}`) : row.invoiceType) },
    { key: 'invoiceCode', title: t('history.invoiceCode'), width: 120, render: (row) => <span style={mono}>{row.invoiceCode ?? ''}</span> },
    {
      key: 'repeat',
      title: '',
      width: 96,
      render: (row) =>
        row.direction === 'output' && row.kplx !== '1' ? (
          <Button
            type="link"
            size="small"
            data-testid={`repeat-${row.serial ?? row.id}`}
            onClick={(event) => {
              event.stopPropagation(); // the row's own click opens the drawer
              void repeatInvoice(row.id);
            }}
          >
            {t('history.actions.repeat')}
          </Button>
        ) : null,
    },
  ];
}

const select = (row: HistoryRow) => useHistoryStore.getState().select(row.id);

export function HistoryTable({ list }: { list: HistoryRows }) {
  const { t } = useTranslation();
  const selectedId = useHistoryStore((s) => s.selectedId);
  const checked = useHistoryStore((s) => s.checked);
  return (
    <VirtualTable<HistoryRow>
      data-testid="history-table"
      columns={useColumns()}
      rows={list.rows}
      total={list.total}
      rowKey={(row) => `${row.direction}-${row.id}`}
      selectedKey={selectedId === null ? null : `output-${selectedId}`}
      onNeed={list.ensure}
      checked={checked}
      onCheckedChange={(next) => useHistoryStore.getState().setChecked(next)}
      onActivate={select}
      rowProps={(row) => ({
        'data-testid': `history-row-${row.serial ?? row.id}`,
        'data-lsh': row.serial ?? '',
        'data-invoice-number': row.invoiceNumber ?? '',
        onClick: () => select(row),
      })}
      empty={list.loading ? t('history.loading') : list.needMoreText ? t('history.needMoreText') : t('history.empty')}
    />
  );
}
