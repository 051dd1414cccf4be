/**
 * The 税收分类编码 field with its lookup: typing a product name, keyword or the start of a code lists
 * matching codes (short name, name, usual rate); picking one fills the code and hands the entry to the
 * caller, which fills the rate. Used by the invoice line and the product library, so both look codes up
 * the same way. Form.Item injects `value`/`onChange`, which go to the AutoComplete.
 */
import { useState, type Ref } from 'react';
import { AutoComplete, Input, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaxCode } from '../../../../../shared/ipc/schemas/tax-codes.js';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.js';
import { rateLabel } from '../../issuance/draft.js';
import { searchTaxCodes } from '../actions.js';

const DEBOUNCE_MS = 150;

interface TaxCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  onPick: (entry: TaxCode) => void;
  testId: string;
  ariaLabel: string;
  inputRef?: Ref<InputRef>;
}

export function TaxCodeInput({ value, onChange, onPick, testId, ariaLabel, inputRef }: TaxCodeInputProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TaxCode[]>([]);
  const [searched, setSearched] = useState('');
  const lookup = useDebouncedSearch(searchTaxCodes, (found, text) => {
    setRows(found);
    setSearched(text);
  }, DEBOUNCE_MS);

  const search = (query: string) => {
    const text = query.trim();
    // A complete code needs no lookup; an empty field shows nothing.
    if (text === '' || /^\d{19}$/.test(text)) {
      lookup.cancel(); // an answer still on its way for a shorter prefix must not reopen the list
      setRows([]);
      setSearched('');
      return;
    }
    lookup.schedule(text);
  };

  const pick = (code: string) => {
    const entry = rows.find((row) => row.code === code);
    setRows([]);
    if (entry) onPick(entry);
  };

  return (
    <AutoComplete
      value={value}
      onChange={(next: string) => onChange?.(next)}
      onSearch={search}
      onSelect={pick}
      // Words: Enter (or Tab) takes the best match. Digits: the clerk is typing a code they know, so
      // nothing is picked for them until they choose with the arrows.
      defaultActiveFirstOption={!/^\d*$/.test(searched)}
      popupMatchSelectWidth={480}
      notFoundContent={searched ? <span data-testid={`${testId}-no-match`}>{t('taxCodes.noMatch')}</span> : null}
      options={rows.map((row) => ({
        value: row.code,
        label: (
          <div data-testid={`${testId}-option`} data-code={row.code}>
            <Typography.Text strong>*{row.shortName}*</Typography.Text> {row.name}{' '}
            <Typography.Text type="secondary">
              {row.code} · {row.rates.map(rateLabel).join(' / ')}
            </Typography.Text>
          </div>
        ),
      }))}
    >
      <Input ref={inputRef} aria-label={ariaLabel} data-testid={testId} placeholder={t('taxCodes.placeholder')} autoComplete="off" maxLength={60} />
    </AutoComplete>
  );
}
