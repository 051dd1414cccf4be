/**
 * The validation report and results of a batch: one row per invoice, green when it passed the checks,
 * red with every problem (row and column named) when it did not. Problems arrive by key and column id
 * and are worded here in the UI's language; rows stored by older versions show their Chinese as stored. Test ids: batch-table; each row
 * `batch-row` with data-state, data-first-row and data-invoice-number.
 */
import type { HTMLAttributes } from 'react';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchIssueParts } from '../../../../../shared/i18n/batch-texts.js';
import type { BatchInvoice } from '../../../../../shared/ipc/schemas/batch.js';
import { errorText } from '../../../lib/messages.js';
import { problemText, uiLanguage } from '../../../lib/problem-text.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;
const STATE_COLORS: Record<BatchInvoice['state'], string> = {
  invalid: 'error',
  ready: 'success',
  queued: 'default',
  issuing: 'processing',
  issued: 'success',
  failed: 'error',
};

/** Why sending failed: the service's answer or an old stored sentence as they are, a submit failure by its key. */
export function failure(row: BatchInvoice): string | null {
  if (row.error) return row.error;
  if (row.submitError) return errorText({ ...row.submitError, message: row.submitError.key });
  return null;
}

function Issues({ row }: { row: BatchInvoice }) {
  const { t } = useTranslation();
  const failed = failure(row);
  if (failed) return <Typography.Text type="danger">{failed}</Typography.Text>;
  if (row.issues.length === 0) return <Typography.Text type="success">{t('batch.ok')}</Typography.Text>;
  return (
    <Flex vertical>
      {row.issues.map((issue, index) => (
        <Typography.Text key={index} type={issue.severity === 'error' ? 'danger' : 'warning'} data-testid="batch-issue">
          {t('batch.issue', { row: issue.row, ...batchIssueParts(issue, uiLanguage(), problemText) })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

export function BatchTable({ rows, loading }: { rows: BatchInvoice[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BatchInvoice> = [
    { key: 'rows', title: t('batch.rows'), width: 80, render: (_, r) => (r.firstRow === r.lastRow ? r.firstRow : `${r.firstRow}–${r.lastRow}`) },
    { key: 'invoiceKey', dataIndex: 'invoiceKey', title: t('batch.invoiceKey'), width: 90 },
    { key: 'buyerName', dataIndex: 'buyerName', title: t('batch.buyerName'), width: 220, ellipsis: true },
    { key: 'total', dataIndex: 'total', title: t('batch.total'), align: 'right', width: 110, render: (v: string | null) => <span style={mono}>{v ?? ''}</span> },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('batch.state'),
      width: 90,
      render: (state: BatchInvoice['state']) => <Tag color={STATE_COLORS[state]}>{t(`batch.states.${state}`)}</Tag>,
    },
    { key: 'invoiceNumber', dataIndex: 'invoiceNumber', title: t('batch.invoiceNumber'), width: 190, render: (v: string | null) => <span style={mono}>{v ?? ''}</span> },
    { key: 'issues', title: t('batch.issues'), width: 520, render: (_, row) => <Issues row={row} /> },
  ];
  return (
    <Table<BatchInvoice>
      data-testid="batch-table"
      size="small"
      rowKey="seq"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ pageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      onRow={(row) =>
        ({
          'data-testid': 'batch-row',
          'data-state': row.state,
          'data-first-row': row.firstRow,
          'data-invoice-number': row.invoiceNumber ?? '',
          // Valid green, invalid red: the clerk sees at a glance what will and will not be sent.
          style: { background: row.state === 'invalid' || row.state === 'failed' ? '#fff1f0' : '#f6ffed' },
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
