/**
 * 收票台账 of the active enterprise (another enterprise has its own; switching reloads it): the received
 * invoices the clerk accepted (a file read but not accepted stays in the queue), in words — kind by name,
 * issue date as a date, seller by name (its tax ID beside it, never in its place), the verification state
 * coloured to match — with filters (issue date, seller, kind, state, duplicates), totals (duplicates not
 * counted twice; 金额, 税额 and 价税合计 of the same invoices, those with an amount unknown said apart; one
 * aggregate in main), the original file one click away (or Enter on the active row), and the export to
 * Excel (报销台账, the whole filtered ledger).
 * The rows are in the virtual table, loaded in keyset pages as the clerk scrolls (lib/paged-list: a
 * 100,000-row ledger loads one page, not the rest); ↑/↓/PgUp/PgDn/Home/End move as in the history.
 * Test ids: intake-ledger, ledger-enterprise, ledger-from, ledger-to, ledger-seller, ledger-kind,
 * ledger-state, ledger-duplicates, ledger-search, ledger-export, ledger-totals, ledger-incomplete,
 * ledger-table (data-loaded, data-total), ledger-row (data-id), ledger-open, intake-state, ledger-buyer.
 */
import { Button, Checkbox, Flex, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeLedgerFilter, IntakeLedgerRow } from '../../../../../shared/ipc/index.js';
import { firstPageCounted, useKeysetRows, VirtualTable, type VirtualColumn } from '../../../lib/paged-list/index.js';
import { exportLedger, fetchLedgerPage, loadLedger, openOriginal } from '../actions.js';
import { useIntakeStore } from '../store.js';
import { StateTag, useStateWords } from './state-tag.js';
import { isoDate, kindName } from '../../../../../shared/i18n/received-texts.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import { compactDate } from '../../../lib/format.js';
import { VERIFICATION_STATES } from '../../../../../shared/rules/verification-state.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;

function useColumns(): Array<VirtualColumn<IntakeLedgerRow>> {
  const { t, i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  return [
    { key: 'kprq', title: t('intake.fields.kprq'), width: 100, render: (row) => <span style={mono}>{isoDate(row.fields.kprq)}</span> },
    { key: 'fpzl', title: t('intake.fields.fpzl'), width: 150, render: (row) => kindName(row.fields.fpzl, row.unverifiable, language) },
    { key: 'fphm', title: t('intake.fields.fphm'), width: 190, render: (row) => <span style={mono}>{row.fields.fphm ?? ''}</span> },
    { key: 'xhfmc', title: t('intake.fields.xhfmc'), width: '20%', render: (row) => <span title={row.xhfmc ?? ''}>{row.xhfmc ?? ''}</span> },
    { key: 'xhfsbh', title: t('intake.fields.xhfsbh'), width: 170, render: (row) => <span style={mono}>{row.fields.xhfsbh ?? ''}</span> },
    { key: 'jshj', title: t('intake.fields.jshj'), width: 110, align: 'right', render: (row) => <span style={mono}>{row.fields.jshj ?? ''}</span> },
    {
      key: 'result',
      title: t('intake.ledger.result'),
      width: 220,
      render: (row) => (
        <>
          <StateTag view={row.verification} />
          {row.buyerMismatch && (
            <Tooltip title={row.buyerReason ?? ''}>
              <Tag color="red" data-testid="ledger-buyer">
                {t('intake.otherBuyer')}
              </Tag>
            </Tooltip>
          )}
          {row.duplicateOf !== null && <Tag color="red">{t('intake.duplicateOf', { id: row.duplicateOf, file: '', what: t('intake.duplicateInvoice') })}</Tag>}
        </>
      ),
    },
    {
      key: 'file',
      title: t('intake.ledger.file'),
      width: '20%',
      render: (row) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            void openOriginal(row.id);
          }}
          data-testid="ledger-open"
        >
          {row.fileName}
        </Button>
      ),
    },
  ];
}

const KINDS = ['01', '03', '04', '08', '10', '11', '14', '15', '21', '22'] as const;

/** Whose ledger this is: the active enterprise, by name and tax number. */
function EnterpriseLine() {
  const { t } = useTranslation();
  const enterprise = useIntakeStore((s) => s.ledgerEnterprise);
  if (!enterprise) return null;
  return (
    <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="ledger-enterprise" data-tax-number={enterprise.taxNumber}>
      {t('intake.ledger.enterprise', { name: enterprise.name, taxNumber: enterprise.taxNumber })}
    </Typography.Title>
  );
}

export function LedgerPanel() {
  const { t } = useTranslation();
  const totals = useIntakeStore((s) => s.ledgerTotals);
  const applied = useIntakeStore((s) => s.filter);
  const reloads = useIntakeStore((s) => s.ledgerReloads);
  const busy = useIntakeStore((s) => s.busy);
  const [filter, setFilter] = useState<IntakeLedgerFilter>(applied);
  // One source per search: the row count comes with its first page and makes the table its full height.
  const source = useMemo(() => firstPageCounted((cursor, limit) => fetchLedgerPage(applied, cursor, limit)), [applied, reloads]);
  const list = useKeysetRows(source, useMemo(() => ({ applied, reloads }), [applied, reloads]));
  const columns = useColumns();
  const words = useStateWords();
  const { i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  // Days typed as yyyy-MM-dd (the clerk's form) go to main as the service's yyyyMMdd.
  const sent: IntakeLedgerFilter = { ...filter, ...(filter.from ? { from: compactDate(filter.from) } : {}), ...(filter.to ? { to: compactDate(filter.to) } : {}) };
  const set = (patch: Partial<IntakeLedgerFilter>) => setFilter((current) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined && value !== '' && value !== false)) as IntakeLedgerFilter);
  return (
    <div data-testid="intake-ledger">
      <EnterpriseLine />
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Input style={{ width: 140 }} placeholder={`${t('intake.ledger.from')} yyyy-MM-dd`} value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value })} data-testid="ledger-from" />
        <Input style={{ width: 140 }} placeholder={`${t('intake.ledger.to')} yyyy-MM-dd`} value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value })} data-testid="ledger-to" />
        <Input style={{ width: 200 }} placeholder={t('intake.ledger.seller')} value={filter.seller ?? ''} onChange={(e) => set({ seller: e.target.value })} data-testid="ledger-seller" />
        <Select allowClear style={{ width: 200 }} placeholder={t('intake.ledger.kind')} value={filter.fpzl} onChange={(fpzl?: string) => set({ fpzl })} options={KINDS.map((kind) => ({ value: kind, label: kindName(kind, null, language) }))} data-testid="ledger-kind" />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('intake.ledger.result')}
          value={filter.state}
          onChange={(state?: IntakeLedgerFilter['state']) => set({ state })}
          options={VERIFICATION_STATES.map((state) => ({ value: state, label: words.word(state) }))}
          data-testid="ledger-state"
        />
        <Checkbox checked={filter.duplicatesOnly ?? false} onChange={(e) => set({ duplicatesOnly: e.target.checked })} data-testid="ledger-duplicates">
          {t('intake.ledger.duplicates')}
        </Checkbox>
        <Button type="primary" loading={list.loading} onClick={() => loadLedger(sent)} data-testid="ledger-search">
          {t('intake.ledger.search')}
        </Button>
        <Button loading={busy.export ?? false} onClick={() => void exportLedger(sent)} data-testid="ledger-export">
          {t('intake.ledger.export')}
        </Button>
      </Flex>
      {totals && (
        <Typography.Paragraph data-testid="ledger-totals">
          {t('intake.ledger.totals', { count: totals.count, fpje: totals.fpje, fpse: totals.fpse, jshj: totals.jshj })}
          {totals.incomplete > 0 && (
            <Typography.Text type="warning" data-testid="ledger-incomplete">
              {' '}
              {t('intake.ledger.incomplete', { count: totals.incomplete })}
            </Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      <VirtualTable<IntakeLedgerRow>
        data-testid="ledger-table"
        columns={columns}
        rows={list.rows}
        total={list.total}
        rowKey={(row) => String(row.id)}
        onNeed={list.ensure}
        onActivate={(row) => void openOriginal(row.id)}
        rowProps={(row) => ({ 'data-testid': 'ledger-row', 'data-id': String(row.id) })}
        empty={list.loading ? t('intake.ledger.loading') : t('intake.ledger.empty')}
      />
    </div>
  );
}
