/**
 * 进项台账: collection at the top, then the ledger of the active enterprise — filters, totals (count,
 * amount, tax, valid tax; one aggregate in main), the rows in the virtual table loaded in keyset pages as
 * the clerk scrolls (lib/paged-list: a 100,000-row ledger loads one page, not the rest), the opened
 * row's lines and status changes below it, export to Excel (the whole filtered ledger, in main), and the
 * ticked rows handed to certification. Keyboard first as the history: ↑/↓/PgUp/PgDn/Home/End move,
 * Enter opens, Space/Shift+Space/Shift+↑/↓ tick. Test ids: ledger-totals, input-ledger-table (data-loaded,
 * data-total), ledger-row-<FPHM>, ledger-detail, ledger-export, ledger-certify.
 */
import { useEnterpriseSwitch } from '../../../lib/change-feed.js';
import { formatDate, formatPeriod } from '../../../lib/format.js';
import { useEffect, useMemo, useState } from 'react';
import { Button, Divider, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerRow } from '../../../../../shared/ipc/schemas/collection.js';
import { firstPageCounted, useKeysetRows, VirtualTable, type VirtualColumn } from '../../../lib/paged-list/index.js';
import { CertifyDrawer } from '../../certification/components/certify-drawer.js';
import { exportLedger, fetchLedgerPage, loadLedger, subscribeCollection } from '../actions.js';
import { useCollectionStore } from '../store.js';
import { CollectionBar } from './collection-bar.js';
import { InvoiceDetail } from './invoice-detail.js';
import { LedgerFilters } from './ledger-filters.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;

function useColumns(): Array<VirtualColumn<LedgerRow>> {
  const { t } = useTranslation();
  const code = (table: 'FPZT' | 'RZZT' | 'GLZT', value: string | null, warnWhenNot = '0') =>
    value === null ? '—' : <Tag color={value === warnWhenNot ? undefined : 'orange'}>{t(`collection.${table}.${value}` as never)}</Tag>;
  return [
    { key: 'type', title: t('collection.columns.type'), width: 80, render: (r) => t(`collection.kindShort.${r.FPLXDM}` as never) },
    { key: 'code', title: t('collection.columns.code'), width: 120, render: (r) => <span style={mono}>{r.FPDM}</span> },
    { key: 'number', title: t('collection.columns.number'), width: 130, render: (r) => <span style={mono}>{r.FPHM}</span> },
    { key: 'date', title: t('collection.columns.date'), width: 100, render: (r) => <span style={mono}>{formatDate(r.KPRQ)}</span> },
    { key: 'seller', title: t('collection.columns.seller'), width: '20%', render: (r) => <span title={r.XHFMC ?? ''}>{r.XHFMC}</span> },
    { key: 'amount', title: t('collection.columns.amount'), width: 110, align: 'right', render: (r) => <span style={mono}>{r.HJJE ?? ''}</span> },
    { key: 'tax', title: t('collection.columns.tax'), width: 100, align: 'right', render: (r) => <span style={mono}>{r.SE ?? ''}</span> },
    { key: 'validTax', title: t('collection.columns.validTax'), width: 100, align: 'right', render: (r) => <span style={mono}>{r.YXSE ?? ''}</span> },
    { key: 'FPZT', title: t('collection.columns.FPZT'), width: 90, render: (r) => code('FPZT', r.FPZT) },
    { key: 'RZZT', title: t('collection.columns.RZZT'), width: 90, render: (r) => code('RZZT', r.RZZT ?? '0', r.RZZT ?? '0') },
    { key: 'GLZT', title: t('collection.columns.GLZT'), width: 90, render: (r) => code('GLZT', r.GLZT) },
    { key: 'period', title: t('collection.columns.period'), width: 90, render: (r) => formatPeriod(r.RZSQ ?? r.DQSKSSQ) },
  ];
}

export function LedgerView() {
  const { t } = useTranslation();
  const { filter, reloads, totals, checked, busy, patch } = useCollectionStore();
  const [certifying, setCertifying] = useState(false);
  const [opened, setOpened] = useState<LedgerRow | null>(null);
  // The drawer shows an invoice of the enterprise on screen: a switch closes it.
  useEnterpriseSwitch(() => setOpened(null));
  // One source per search or reload: the count comes with its first page and makes the table its full height.
  const source = useMemo(() => firstPageCounted((cursor, limit) => fetchLedgerPage(filter, cursor, limit)), [filter, reloads]);
  const list = useKeysetRows(source, useMemo(() => ({ filter, reloads }), [filter, reloads]));
  const selected = useMemo(() => [...checked.values()].map((row) => row.id), [checked]);

  // The rows load themselves (useKeysetRows, on mount and on each filter or reload).
  useEffect(() => subscribeCollection(), []);

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
      <VirtualTable<LedgerRow>
        data-testid="input-ledger-table"
        columns={useColumns()}
        rows={list.rows}
        total={list.total}
        rowKey={(row) => String(row.id)}
        selectedKey={opened === null ? null : String(opened.id)}
        onNeed={list.ensure}
        checked={checked}
        onCheckedChange={(next) => patch({ checked: next })}
        onActivate={setOpened}
        rowProps={(row) => ({ 'data-testid': `ledger-row-${row.FPHM}`, 'data-id': String(row.id), 'data-rzzt': row.RZZT ?? '0', onClick: () => setOpened(row) })}
        empty={list.loading ? t('collection.ledgerLoading') : t('collection.ledgerEmpty')}
      />
      {opened && (
        <div data-testid="ledger-detail">
          <InvoiceDetail key={opened.id} id={opened.id} />
        </div>
      )}
      <CertifyDrawer
        open={certifying}
        ids={selected}
        onClose={(sent) => {
          setCertifying(false);
          if (sent) {
            patch({ checked: new Map() });
            loadLedger();
          }
        }}
      />
    </Flex>
  );
}
