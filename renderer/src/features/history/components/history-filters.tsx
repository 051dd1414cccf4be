/**
 * The filter bar: ONE search box (buyer name, tax ID, invoice number or serial, any fragment of 2+
 * characters), type, blue/red, state, submission dates, amount range; and, when a dashboard bar set them,
 * chips for a line's rate and levy and for voided invoices left out, each cleared by its ×. Test ids
 * `filter-*` (the chips `filter-line-chip`, `filter-voided-chip`).
 */
import { useEnterpriseSwitch } from '../../../lib/change-feed.js';
import { useState } from 'react';
import { AMOUNT_PATTERN } from '../format.js';
import { Button, DatePicker, Input, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { InvoiceType } from '../../../../../shared/ipc/index.js';
import { lineFilterText } from '../../../../../shared/i18n/line-levy-text.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import { useHistoryStore } from '../store.js';

type StateOption = 'queued' | 'issuing' | 'issued' | 'failed' | 'partial' | 'full';

export function HistoryFilters() {
  const { t } = useTranslation();
  // The text boxes and date pickers keep their own text; remounting them is how 清除条件 empties them.
  const [resetKey, setResetKey] = useState(0);
  // A switch of enterprise clears the filter (desk-projections.ts); the boxes are emptied with it.
  useEnterpriseSwitch(() => setResetKey((key) => key + 1));
  const filter = useHistoryStore((s) => s.filter);
  const setFilter = useHistoryStore((s) => s.setFilter);
  const state: StateOption | undefined = filter.reversal === 'partial' || filter.reversal === 'full' ? filter.reversal : (filter.status as StateOption | undefined);
  const onState = (value: StateOption | undefined) =>
    value === 'partial' || value === 'full' ? setFilter({ reversal: value, status: undefined }) : setFilter({ status: value, reversal: undefined });
  const day = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined);
  return (
    <Space wrap style={{ marginBottom: 12 }} key={resetKey}>
      <Input.Search
        allowClear
        data-testid="filter-text"
        placeholder={t('history.searchPlaceholder')}
        style={{ width: 340 }}
        onSearch={(text) => setFilter({ text })}
      />
      <Select
        allowClear
        data-testid="filter-type"
        placeholder={t('history.allTypes')}
        style={{ width: 170 }}
        value={filter.type}
        onChange={(type?: string) => setFilter({ type })}
        options={InvoiceType.options.map((value) => ({ value, label: t(`invoiceType.${value}`) }))}
      />
      <Select
        allowClear
        data-testid="filter-kplx"
        placeholder={t('history.allDirections')}
        style={{ width: 120 }}
        value={filter.kplx}
        onChange={(kplx?: '0' | '1') => setFilter({ kplx })}
        options={[
          { value: '0', label: t('history.blue') },
          { value: '1', label: t('history.red') },
        ]}
      />
      <Select<StateOption>
        allowClear
        data-testid="filter-state"
        placeholder={t('history.allStates')}
        style={{ width: 130 }}
        value={state}
        onChange={onState}
        options={[
          ...(['queued', 'issuing', 'issued', 'failed'] as const).map((value) => ({ value, label: t(`status.${value}`) })),
          { value: 'partial', label: t('history.reversalPartial') },
          { value: 'full', label: t('history.reversalFull') },
        ]}
      />
      {/* Keyed by the stored day too: a filter set from elsewhere (a dashboard figure) shows in the picker. */}
      <DatePicker
        key={`from-${resetKey}-${filter.dateFrom ?? ''}`}
        defaultValue={filter.dateFrom ? dayjs(filter.dateFrom) : undefined}
        placeholder={t('history.dateFrom')}
        data-testid="filter-from"
        onChange={(value) => setFilter({ dateFrom: day(value) })}
      />
      <DatePicker
        key={`to-${resetKey}-${filter.dateTo ?? ''}`}
        defaultValue={filter.dateTo ? dayjs(filter.dateTo) : undefined}
        placeholder={t('history.dateTo')}
        data-testid="filter-to"
        onChange={(value) => setFilter({ dateTo: day(value) })}
      />
      <AmountBox which="amountMin" />
      <AmountBox which="amountMax" />
      <FilterChips />
      <Button
        data-testid="filter-clear"
        onClick={() => {
          useHistoryStore.getState().clearFilter();
          setResetKey((key) => key + 1);
        }}
      >
        {t('history.clearFilters')}
      </Button>
    </Space>
  );
}

/**
 * The conditions the bar has no box for — a line's rate and levy, voided invoices — as chips, shown only
 * when set (a dashboard bar sets them: its invoices exactly); × clears one.
 */
function FilterChips() {
  const { t, i18n } = useTranslation();
  const filter = useHistoryStore((s) => s.filter);
  const setFilter = useHistoryStore((s) => s.setFilter);
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const line = filter.lineRate !== undefined || filter.lineLevy !== undefined;
  return (
    <>
      {line && (
        <Tag
          closable
          color="blue"
          data-testid="filter-line-chip"
          onClose={(event) => {
            event.preventDefault();
            setFilter({ lineRate: undefined, lineLevy: undefined });
          }}
        >
          {t('history.lineFilter', { levy: lineFilterText({ rate: filter.lineRate, levy: filter.lineLevy }, language) })}
        </Tag>
      )}
      {filter.voided !== undefined && (
        <Tag
          closable
          color="blue"
          data-testid="filter-voided-chip"
          onClose={(event) => {
            event.preventDefault();
            setFilter({ voided: undefined });
          }}
        >
          {t(filter.voided ? 'history.voidedOnly' : 'history.voidedLeftOut')}
        </Tag>
      )}
    </>
  );
}

/** A bound of the amount range: applied on Enter or leaving the box, refused (red) unless a decimal. */
function AmountBox({ which }: { which: 'amountMin' | 'amountMax' }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const valid = text.trim() === '' || AMOUNT_PATTERN.test(text.trim());
  const apply = () => {
    if (valid) useHistoryStore.getState().setFilter({ [which]: text.trim() === '' ? undefined : text.trim() });
  };
  return (
    <Input
      allowClear
      data-testid={`filter-${which === 'amountMin' ? 'amount-min' : 'amount-max'}`}
      placeholder={t(`history.${which}`)}
      status={valid ? undefined : 'error'}
      title={valid ? undefined : t('history.amountInvalid')}
      inputMode="decimal"
      style={{ width: 110 }}
      value={text}
      onChange={(event) => setText(event.target.value.replace(/[^\d.-]/g, ''))}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}
