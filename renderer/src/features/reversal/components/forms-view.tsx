/**
 * 红字信息表: every red-letter form applied from this desk with its state and number (refreshed as forms
 * change), found by serial, number or buyer; any form looked up at the service by its serial (the whole
 * form); and the red invoice issued from a numbered form that has none yet.
 *
 * Test ids: forms-view, forms-search, forms-refresh, forms-table, form-row-<lsh> (data-status, data-red-status),
 * form-issue-<lsh>, forms-lookup, forms-lookup-go, form-lookup (the drawer), form-lookup-number.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RedLetterFormSummary, RedLetterLookup } from '../../../../../shared/ipc/index.js';
import { reportSuccess } from '../../../lib/messages.js';
import { issueRedFromForm, listForms, lookupForm } from '../actions.js';
import { useChanges } from '../../../lib/change-feed.js';
import { formNumberOf } from '../notices.js';
import { formatDateTime } from '../../../lib/format.js';
import { useAllowed } from '../../clerks/actions.js';

const STATUS_COLORS = { queued: 'default', applying: 'processing', approved: 'success', rejected: 'error', failed: 'error' } as const;
const mono = { fontVariantNumeric: 'tabular-nums' } as const;

export function RedLetterFormsView() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<RedLetterFormSummary[]>([]);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const [serial, setSerial] = useState('');
  const [looking, setLooking] = useState(false);
  const [found, setFound] = useState<RedLetterLookup | null>(null);

  const load = useCallback(async (text: string) => {
    setLoading(true);
    const next = await listForms(text.trim());
    setLoading(false);
    if (next) setRows(next);
  }, []);

  useEffect(() => {
    void load(query);
  }, [load, query]);
  // A form's state moves in the background (outbox), and so does its red invoice's: the list is a
  // projection of both on the change feed, without a refresh.
  useChanges(['redForm', 'invoice'], () => void load(query));

  const lookup = async () => {
    if (serial.trim() === '') return;
    setLooking(true);
    const answer = await lookupForm(serial.trim());
    setLooking(false);
    if (answer) setFound(answer);
  };

  const issue = async (form: RedLetterFormSummary) => {
    const invoice = await issueRedFromForm(form.id);
    if (invoice) {
      reportSuccess(t('reversal.issuedFromForm', { lsh: invoice.lsh }));
      void load(query);
    }
  };

  // Issuing the red invoice of a form is a reviewer's (shared/ipc/rights.ts); main refuses anyone else anyway.
  const mayIssueRed = useAllowed('reversal:issueFromForm');
  const columns: TableColumnsType<RedLetterFormSummary> = [
    { key: 'number', title: t('reversal.forms.number'), render: (_, form) => <span style={mono}>{formNumberOf(form) ?? t('reversal.waitingNumber')}</span> },
    {
      key: 'status',
      title: t('reversal.forms.status'),
      render: (_, form) => <Tag color={STATUS_COLORS[form.status]}>{t(`reversal.formStatus.${form.status}`)}</Tag>,
    },
    { key: 'amount', title: t('reversal.forms.amount'), align: 'right', render: (_, form) => <span style={mono}>{form.amount}</span> },
    { key: 'type', title: t('history.invoiceType'), render: (_, form) => (form.invoiceType ? t(`invoiceType.${form.invoiceType}` as 'invoiceType.004') : '') },
    {
      key: 'red',
      title: t('reversal.forms.redInvoice'),
      render: (_, form) =>
        form.redInvoiceLsh ? (
          <Tag>{t(`status.${form.redInvoiceStatus ?? 'queued'}`)}</Tag>
        ) : form.status === 'approved' && mayIssueRed ? (
          <Button size="small" type="primary" danger data-testid={`form-issue-${form.lsh}`} onClick={() => void issue(form)}>
            {t('reversal.issueFromForm')}
          </Button>
        ) : null,
    },
    { key: 'lsh', title: t('reversal.forms.lsh'), render: (_, form) => <Typography.Text copyable style={mono}>{form.lsh}</Typography.Text> },
    { key: 'createdAt', title: t('reversal.forms.createdAt'), render: (_, form) => formatDateTime(form.createdAt) },
  ];

  return (
    <Flex vertical gap={12} data-testid="forms-view">
      <Flex gap={12} wrap justify="space-between">
        <Space>
          <Input.Search
            allowClear
            style={{ width: 320 }}
            data-testid="forms-search"
            placeholder={t('reversal.forms.search')}
            onSearch={(text) => setQuery(text)}
          />
          <Button data-testid="forms-refresh" onClick={() => void load(query)}>
            {t('reversal.forms.refresh')}
          </Button>
        </Space>
        <Space.Compact>
          <Input
            style={{ width: 280 }}
            data-testid="forms-lookup"
            placeholder={t('reversal.forms.lookupPlaceholder')}
            value={serial}
            maxLength={50}
            onChange={(event) => setSerial(event.target.value)}
            onPressEnter={() => void lookup()}
          />
          <Button data-testid="forms-lookup-go" loading={looking} onClick={() => void lookup()}>
            {t('reversal.forms.lookup')}
          </Button>
        </Space.Compact>
      </Flex>
      <Table<RedLetterFormSummary>
        data-testid="forms-table"
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('reversal.forms.empty') }}
        onRow={(form) => ({ 'data-testid': `form-row-${form.lsh}`, 'data-status': form.status, 'data-red-status': form.redInvoiceStatus ?? '' }) as React.HTMLAttributes<HTMLElement>}
      />
      <Drawer open={found !== null} width={720} title={found ? t('reversal.forms.lookupTitle', { lsh: found.lsh }) : ''} onClose={() => setFound(null)} data-testid="form-lookup">
        {found && <LookupDetail found={found} />}
      </Drawer>
    </Flex>
  );
}

function LookupDetail({ found }: { found: RedLetterLookup }) {
  const { t } = useTranslation();
  if (found.status === 'pending' || !found.form) return <Typography.Paragraph data-testid="form-lookup-pending">{t('reversal.forms.pending')}</Typography.Paragraph>;
  const form = found.form;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('reversal.forms.number')}>
          <span data-testid="form-lookup-number">{form.number ?? form.id ?? ''}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('history.invoiceType')}>{t(`invoiceType.${form.invoiceType}` as 'invoiceType.004')}</Descriptions.Item>
        <Descriptions.Item label={t('reversal.forms.buyer')}>
          {form.buyerName ?? ''} {form.buyerTaxNumber ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('reversal.forms.original')}>
          {form.originalCode ?? ''} {form.originalNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('reversal.forms.lineAmount')}>{form.amount}</Descriptions.Item>
        <Descriptions.Item label={t('reversal.forms.lineTax')}>{form.tax}</Descriptions.Item>
        <Descriptions.Item label={t('reversal.total')} span={2}>
          <span data-testid="form-lookup-total">{form.total}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey={(_, index) => String(index)}
        pagination={false}
        dataSource={form.lines}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('reversal.forms.lineName') },
          { key: 'quantity', dataIndex: 'quantity', title: t('reversal.forms.lineQuantity'), align: 'right' },
          { key: 'amount', dataIndex: 'amount', title: t('reversal.forms.lineAmount'), align: 'right' },
          { key: 'tax', dataIndex: 'tax', title: t('reversal.forms.lineTax'), align: 'right' },
        ]}
      />
      {!found.local && <Typography.Text type="secondary">{t('reversal.forms.notHere')}</Typography.Text>}
    </Space>
  );
}
