/**
 * Test ids: history-table; each row is `history-row-<lsh>` with data-lsh and data-invoice-number
 * attributes; status tags are `status-<lsh>` with data-status, reversal tags `reversal-<lsh>`.
 * A click on a row opens its detail drawer.
 */
import type { HTMLAttributes } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../../../shared/ipc/index.js';
import { formatDateTime } from '../format.js';
import { useHistoryStore } from '../store.js';
import { StatusTag } from './status-tag.js';
import { usePrintStore } from '../../print/store.js';

/** Issued paper invoices can be ticked and printed together (in invoice-number order). */
const printable = (row: HistoryRow) => row.direction === 'output' && row.status === 'issued' && (row.invoiceType === '004' || row.invoiceType === '007');

const mono = { fontVariantNumeric: 'tabular-nums' } as const;
const isType = (value: string): value is '004' | '007' | '025' | '026' | '028' | '81' | '82' => ['004', '007', '025', '026', '028', '81', '82'].includes(value);

function useColumns(): TableColumnsType<HistoryRow> {
  const { t } = useTranslation();
  return [
    { key: 'serial', dataIndex: 'serial', title: t('history.lsh'), render: (v: string | null) => <span style={mono}>{v ?? ''}</span> },
    {
      key: 'invoiceType',
      dataIndex: 'invoiceType',
      title: t('history.invoiceType'),
      render: (v: string) => (isType(v) ? t(`invoiceType.${v}`) : v),
    },
    { key: 'buyerName', dataIndex: 'counterpartyName', title: t('history.buyerName'), ellipsis: true },
    // The total is shown as the decimal text main sends; it is never turned into a float.
    { key: 'total', dataIndex: 'total', title: t('history.total'), align: 'right', render: (v: string | null) => <span style={mono}>{v ?? ''}</span> },
    {
      key: 'status',
      title: t('history.status'),
      render: (_, row) => <StatusTag serial={row.serial ?? String(row.id)} status={row.status} kplx={row.kplx} reversal={row.reversal} />,
    },
    { key: 'invoiceCode', dataIndex: 'invoiceCode', title: t('history.invoiceCode'), render: (v: string | null) => v ?? '' },
    { key: 'invoiceNumber', dataIndex: 'invoiceNumber', title: t('history.invoiceNumber'), render: (v: string | null) => v ?? '' },
    { key: 'date', dataIndex: 'date', title: t('history.createdAt'), render: (v: string | null) => formatDateTime(v) },
  ];
}

// antd types onRow as plain HTML attributes; data-* attributes are valid there at runtime.
function rowAttributes(row: HistoryRow): HTMLAttributes<HTMLElement> {
  return {
    'data-testid': `history-row-${row.serial ?? row.id}`,
    'data-lsh': row.serial ?? '',
    'data-invoice-number': row.invoiceNumber ?? '',
    onClick: () => useHistoryStore.getState().select(row.id),
    style: { cursor: 'pointer' },
  } as HTMLAttributes<HTMLElement>;
}

export function HistoryTable() {
  const { t } = useTranslation();
  const rows = useHistoryStore((s) => s.rows);
  const loading = useHistoryStore((s) => s.loading);
  const selectedId = useHistoryStore((s) => s.selectedId);
  const selection = usePrintStore((s) => s.selection);
  return (
    <Table<HistoryRow>
      data-testid="history-table"
      size="small"
      rowKey={(row) => `${row.direction}-${row.id}`}
      columns={useColumns()}
      dataSource={rows}
      loading={loading}
      onRow={rowAttributes}
      rowSelection={{
        selectedRowKeys: Object.keys(selection).map((id) => `output-${id}`),
        onChange: (_keys, selected) => usePrintStore.getState().set({ selection: Object.fromEntries(selected.filter(printable).map((row) => [row.id, row.invoiceType])) }),
        getCheckboxProps: (row) => ({ disabled: !printable(row), 'data-testid': `history-select-${row.serial ?? row.id}` }) as { disabled: boolean },
      }}
      rowClassName={(row) => (row.id === selectedId ? 'ant-table-row-selected' : '')}
      pagination={false}
      locale={{ emptyText: t('history.empty') }}
      scroll={{ x: 'max-content' }}
    />
  );
}
