/**
 * 进项台账: collection at the top, then the ledger of the active enterprise — filters, totals (count,
 * amount, tax, valid tax), rows with their lines and status changes on expansion, export to Excel, and a
 * selection handed to certification. Test ids: ledger-totals, ledger-row-<FPHM>, ledger-export,
 * ledger-certify.
 */
import { useEffect, useState, type HTMLAttributes } from 'react';
import { Button, Divider, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerRow } from '../../../../../shared/ipc/schemas/collection.js';
import { CertifyDrawer } from '../../certification/components/certify-drawer.js';
import { exportLedger, loadLedger, subscribeCollection } from '../actions.js';
import { LEDGER_PAGE_SIZE, useCollectionStore } from '../store.js';
import { CollectionBar } from './collection-bar.js';
import { InvoiceDetail } from './invoice-detail.js';
import { LedgerFilters } from './ledger-filters.js';

export function LedgerView() {
  const { t } = useTranslation();
  const { rows, totals, loading, page, selected, busy, patch } = useCollectionStore();
  const [certifying, setCertifying] = useState(false);

  useEffect(() => {
    subscribeCollection();
    void loadLedger();
  }, []);

  const code = (table: 'FPZT' | 'RZZT' | 'GLZT', value: string | null, warnWhenNot = '0') =>
    value === null ? '—' : <Tag color={value === warnWhenNot ? undefined : 'orange'}>{t(`collection.${table}.${value}` as never)}</Tag>;

  const columns = [
    { title: t('collection.columns.type'), key: 'type', width: 80, render: (_: unknown, r: LedgerRow) => t(`collection.kindShort.${r.FPLXDM}` as never) },
    { title: t('collection.columns.code'), dataIndex: 'FPDM', width: 130 },
    { title: t('collection.columns.number'), dataIndex: 'FPHM', width: 120 },
    { title: t('collection.columns.date'), dataIndex: 'KPRQ', width: 100 },
    { title: t('collection.columns.seller'), dataIndex: 'XHFMC', ellipsis: true },
    { title: t('collection.columns.amount'), dataIndex: 'HJJE', align: 'right' as const, width: 110 },
    { title: t('collection.columns.tax'), dataIndex: 'SE', align: 'right' as const, width: 100 },
    { title: t('collection.columns.validTax'), dataIndex: 'YXSE', align: 'right' as const, width: 100 },
    { title: t('collection.columns.FPZT'), key: 'FPZT', width: 90, render: (_: unknown, r: LedgerRow) => code('FPZT', r.FPZT) },
    { title: t('collection.columns.RZZT'), key: 'RZZT', width: 90, render: (_: unknown, r: LedgerRow) => code('RZZT', r.RZZT ?? '0', r.RZZT ?? '0') },
    { title: t('collection.columns.GLZT'), key: 'GLZT', width: 90, render: (_: unknown, r: LedgerRow) => code('GLZT', r.GLZT) },
    { title: t('collection.columns.period'), key: 'period', width: 90, render: (_: unknown, r: LedgerRow) => r.RZSQ ?? r.DQSKSSQ },
  ];

  return (
    <Flex vertical gap={12}>
      <CollectionBar />
      <Divider style={{ margin: '4px 0' }} />
      <LedgerFilters />
      <Flex justify="space-between" align="center">
        <Typography.Text data-testid="ledger-totals" strong>
          {totals ? t('collection.totals', totals) : ''}
        </Typography.Text>
        <Flex gap={8}>
          <Button data-testid="ledger-certify" type="primary" disabled={selected.length === 0} onClick={() => setCertifying(true)}>
            {t('collection.certifySelected', { count: selected.length })}
          </Button>
          <Button data-testid="ledger-export" loading={busy.export} onClick={() => void exportLedger()}>
            {t('collection.exportXlsx')}
          </Button>
        </Flex>
      </Flex>
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1200 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => patch({ selected: keys.map(Number) }), preserveSelectedRowKeys: true }}
        expandable={{ expandedRowRender: (row) => <InvoiceDetail id={row.id} /> }}
        onRow={(row) => ({ 'data-testid': `ledger-row-${row.FPHM}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: LEDGER_PAGE_SIZE, total: totals?.count ?? 0, showSizeChanger: false, onChange: (next) => void loadLedger({ page: next }) }}
      />
      <CertifyDrawer
        open={certifying}
        ids={selected}
        onClose={(sent) => {
          setCertifying(false);
          if (sent) {
            patch({ selected: [] });
            void loadLedger();
          }
        }}
      />
    </Flex>
  );
}
