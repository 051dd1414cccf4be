/**
 * The detail drawer of one output invoice (test id invoice-drawer): particulars, lines (each line's rate in
 * words with its levy: 13%, 免税, 不征税, 3%（简易征收）, 6%（差额征税，扣除额 520.00）; test id line-rate-<xh>),
 * actions, red reversals.
 */
import { useEffect } from 'react';
import { Descriptions, Drawer, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutputInvoiceLine } from '../../../../../shared/ipc/index.js';
import { formatDateTime } from '../format.js';
import { useHistoryStore } from '../store.js';
import { InvoiceActions } from './invoice-actions.js';
import { RedDialog } from '../../reversal/components/red-dialog.js';
import { ReversalInfo } from '../../reversal/components/reversal-info.js';
import { StatusTag } from './status-tag.js';
import { reloadDetail } from './use-history-sync.js';
import { rateLevyText } from '../../../../../shared/i18n/line-levy-text.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;

function useLineColumns(): TableColumnsType<OutputInvoiceLine> {
  const { t, i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const number = (v: string) => <span style={mono}>{v}</span>;
  return [
    { key: 'xh', dataIndex: 'xh', title: t('history.line.xh'), width: 56 },
    { key: 'name', dataIndex: 'name', title: t('history.line.name') },
    { key: 'quantity', dataIndex: 'quantity', title: t('history.line.quantity'), align: 'right', render: number },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('history.line.unitPrice'), align: 'right', render: number },
    { key: 'amount', dataIndex: 'amount', title: t('history.line.amount'), align: 'right', render: number },
    {
      key: 'rate',
      title: t('history.line.rate'),
      align: 'right',
      render: (_: unknown, line: OutputInvoiceLine) => <span data-testid={`line-rate-${line.xh}`}>{rateLevyText({ rate: line.rate, levy: line.levy, deduction: line.deduction }, language)}</span>,
    },
    { key: 'tax', dataIndex: 'tax', title: t('history.line.tax'), align: 'right', render: number },
  ];
}

export function InvoiceDrawer() {
  const { t } = useTranslation();
  const selectedId = useHistoryStore((s) => s.selectedId);
  const detail = useHistoryStore((s) => s.detail);
  const redOpen = useHistoryStore((s) => s.redOpen);
  const columns = useLineColumns();

  useEffect(() => {
    if (selectedId !== null) void reloadDetail();
  }, [selectedId]);

  const summary = detail?.summary;
  const joined = (...parts: Array<string | null>) => parts.filter((part) => part).join(' ');
  return (
    <Drawer
      open={selectedId !== null}
      size="large"
      title={t('history.detailTitle')}
      onClose={() => useHistoryStore.getState().select(null)}
      data-testid="invoice-drawer"
      destroyOnHidden
    >
      {detail && summary && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={`invoice-detail-${summary.lsh}`}>
          <InvoiceActions detail={detail} />
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('history.invoiceType')}>{t(`invoiceType.${summary.invoiceType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.direction')}>
              <Tag color={detail.kplx === '1' ? 'red' : 'blue'} data-testid="detail-kplx" data-kplx={detail.kplx}>
                {detail.kplx === '1' ? t('history.red') : t('history.blue')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.status')}>
              <StatusTag serial={`detail-${summary.lsh}`} status={summary.status} error={summary.error} reversal={detail.reversal?.state ?? null} />
            </Descriptions.Item>
            <Descriptions.Item label={t('history.lsh')}>{summary.lsh}</Descriptions.Item>
            <Descriptions.Item label={t('history.invoiceCode')}>{summary.invoiceCode ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('history.invoiceNumber')}>
              <span data-testid="detail-number">{summary.invoiceNumber ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.issuedAt')}>{formatDateTime(summary.issuedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('history.total')}>
              <span style={mono} data-testid="detail-total">
                {summary.total}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.field.buyer')}>{summary.buyerName}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.buyerTaxNumber')}>{detail.buyerTaxNumber ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.buyerAddressPhone')}>{joined(detail.buyerAddress, detail.buyerPhone)}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.buyerBankAccount')}>{joined(detail.buyerBank, detail.buyerAccount)}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.seller')}>{joined(detail.sellerName, detail.sellerTaxNumber)}</Descriptions.Item>
            <Descriptions.Item label={t('history.field.tax')}>{detail.tax}</Descriptions.Item>
            {detail.terminal && <Descriptions.Item label={t('history.field.terminal')}>{detail.terminal}</Descriptions.Item>}
            {detail.issuer && <Descriptions.Item label={t('history.field.issuer')}>{detail.issuer}</Descriptions.Item>}
            {detail.clerk && (
              <Descriptions.Item label={t('history.field.clerk')}>
                <span data-testid="detail-clerk">{detail.clerk}</span>
              </Descriptions.Item>
            )}
            {detail.remark && <Descriptions.Item label={t('history.field.remark')}>{detail.remark}</Descriptions.Item>}
            {summary.error && <Descriptions.Item label={t('history.field.error')}>{summary.error}</Descriptions.Item>}
          </Descriptions>
          <Table<OutputInvoiceLine>
            size="small"
            title={() => t('history.lines')}
            rowKey="xh"
            columns={columns}
            dataSource={detail.lines}
            pagination={false}
            data-testid="detail-lines"
          />
          <ReversalInfo detail={detail} onChanged={() => void reloadDetail()} />
          <RedDialog detail={detail} open={redOpen} onClose={() => useHistoryStore.getState().setRedOpen(false)} onStarted={() => void reloadDetail()} />
        </Space>
      )}
    </Drawer>
  );
}
