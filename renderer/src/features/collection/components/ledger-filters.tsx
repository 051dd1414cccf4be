/**
 * Filters of the input ledger: tax period, type, FPZT, RZZT, GLZT, seller, amount range. Test ids:
 * ledger-filter-<name>, ledger-search, ledger-reset.
 */
import { useEnterpriseSwitch } from '../../../lib/change-feed.js';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerFilter } from '../../../../../shared/ipc/schemas/collection.js';
import { loadLedger } from '../actions.js';
import { compactDate } from '../../../lib/format.js';

/** Options in words (the code only as the value), whose labels carry test ids (ledger-option-<field>-<code>): what a test clicks. */
const codes = (field: string, values: string[], prefix: string, t: (key: string) => string) =>
  values.map((value) => ({ value, label: <span data-testid={`ledger-option-${field}-${value}`}>{t(`${prefix}.${value}`)}</span> }));

export function LedgerFilters() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LedgerFilter>({});
  // A switch of enterprise clears the filter (desk-projections.ts), and so the boxes.
  useEnterpriseSwitch(() => setDraft({}));
  const set = <K extends keyof LedgerFilter>(key: K, value: LedgerFilter[K] | '' | null | undefined) =>
    setDraft((d) => {
      const next = { ...d };
      if (value === '' || value === null || value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  const tt = (key: string) => t(key as never);

  return (
    <Flex gap={8} wrap align="center">
      <Input style={{ width: 150 }} placeholder={t('collection.filters.period')} data-testid="ledger-filter-period" value={draft.period ?? ''} onChange={(e) => set('period', e.target.value.trim())} />
      <Select allowClear style={{ width: 150 }} placeholder={t('collection.filters.type')} data-testid="ledger-filter-type" value={draft.FPLXDM ?? null}
        onChange={(v) => set('FPLXDM', v)} options={(['01', '03', '08', '14', '31'] as const).map((k) => ({ value: k, label: <span data-testid={`ledger-option-type-${k}`}>{t(`collection.kindShort.${k}`)}</span> }))} />
      <Select allowClear style={{ width: 130 }} placeholder={t('collection.filters.FPZT')} data-testid="ledger-filter-FPZT" value={draft.FPZT ?? null}
        onChange={(v) => set('FPZT', v)} options={codes('FPZT', ['0', '1', '2', '3', '4'], 'collection.FPZT', tt)} />
      <Select allowClear style={{ width: 130 }} placeholder={t('collection.filters.RZZT')} data-testid="ledger-filter-RZZT" value={draft.RZZT ?? null}
        onChange={(v) => set('RZZT', v)} options={codes('RZZT', ['0', '1'], 'collection.RZZT', tt)} />
      <Select allowClear style={{ width: 130 }} placeholder={t('collection.filters.GLZT')} data-testid="ledger-filter-GLZT" value={draft.GLZT ?? null}
        onChange={(v) => set('GLZT', v)} options={codes('GLZT', ['0', '1', '2'], 'collection.GLZT', tt)} />
      <Input style={{ width: 200 }} placeholder={t('collection.filters.seller')} data-testid="ledger-filter-seller" value={draft.seller ?? ''} onChange={(e) => set('seller', e.target.value)} />
      <Input style={{ width: 110 }} placeholder={t('collection.filters.amountMin')} data-testid="ledger-filter-amountMin" value={draft.amountMin ?? ''} onChange={(e) => set('amountMin', e.target.value.trim())} />
      <Input style={{ width: 110 }} placeholder={t('collection.filters.amountMax')} data-testid="ledger-filter-amountMax" value={draft.amountMax ?? ''} onChange={(e) => set('amountMax', e.target.value.trim())} />
      <Button type="primary" data-testid="ledger-search" onClick={() => loadLedger({ filter: draft.period ? { ...draft, period: compactDate(draft.period) } : draft })}>
        {t('collection.filters.search')}
      </Button>
      <Button data-testid="ledger-reset" onClick={() => { setDraft({}); loadLedger({ filter: {} }); }}>
        {t('collection.filters.reset')}
      </Button>
    </Flex>
  );
}
