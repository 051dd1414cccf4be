/**
 * Test ids: history-table; each row is `history-row-<lsh>` with data-lsh and data-invoice-number
 * attributes; status tags are `status-<lsh>` with data-status.
 */
import type { HTMLAttributes } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../../../shared/ipc/schemas/issuance.js';
import { formatDateTime } from '../format.js';
import { useHistoryStore } from '../store.js';
import { StatusTag } from './status-tag.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;

function useColumns(): TableColumnsType<InvoiceSummary> {
  const { t } = useTranslation();
  return [
    { key: 'lsh', dataIndex: 'lsh', title: t('history.lsh'), render: (v: string) => <span style={mono}>{v}</span> },
    { key: 'invoiceType', dataIndex: 'invoiceType', title: t('history.invoiceType'), render: (_, row) => t(`invoiceType.${row.invoiceType}`) },
    { key: 'buyerName', dataIndex: 'buyerName', title: t('history.buyerName'), ellipsis: true },
    // The total is shown as the decimal text main sends; it is never turned into a float.
    { key: 'total', dataIndex: 'total', title: t('history.total'), align: 'right', render: (v: string) => <span style={mono}>{v}</span> },
    { key: 'status', dataIndex: 'status', title: t('history.status'), render: (_, row) => <StatusTag row={row} /> },
    { key: 'invoiceCode', dataIndex: 'invoiceCode', title: t('history.invoiceCode'), render: (v: string | null) => v ?? '' },
    { key: 'invoiceNumber', dataIndex: 'invoiceNumber', title: t('history.invoiceNumber'), render: (v: string | null) => v ?? '' },
    { key: 'issuedAt', dataIndex: 'issuedAt', title: t('history.issuedAt'), render: (v: string | null) => formatDateTime(v) },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('history.createdAt'), render: (v: string) => formatDateTime(v) },
  ];
}

// antd types onRow as plain HTML attributes; data-* attributes are valid there at runtime.
function rowAttributes(row: InvoiceSummary): HTMLAttributes<HTMLElement> {
  return {
    'data-testid': `history-row-${row.lsh}`,
    'data-lsh': row.lsh,
    'data-invoice-number': row.invoiceNumber ?? '',
  } as HTMLAttributes<HTMLElement>;
}

export function HistoryTable() {
  const { t } = useTranslation();
  const rows = useHistoryStore((s) => s.rows);
  const loading = useHistoryStore((s) => s.loading);
  return (
    <Table<InvoiceSummary>
      data-testid="history-table"
      size="small"
      rowKey="lsh"
      columns={useColumns()}
      dataSource={rows}
      loading={loading}
      onRow={rowAttributes}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: t('history.empty') }}
      scroll={{ x: 'max-content' }}
    />
  );
}
