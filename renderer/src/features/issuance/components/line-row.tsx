/**
 * One invoice line. A normal or discounted line takes its goods from the product library (or typed),
 * quantity and tax-inclusive unit price; a discount line (fphxz 1) sits right under its line, repeats its
 * name and rate, and takes only the discount. 特殊征税方式 (the line's levy: 一般计税 or one of the six
 * kinds, in words) and 优惠政策 open under the line on demand; a 差额征税 line shows the invoice's 扣除额
 * right after its levy, so Enter goes from one to the other.
 */
import { useState } from 'react';
import { AutoComplete, Button, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../shared/ipc/schemas/libraries.js';
import { TAX_RATES } from '../../../../../shared/rules/money.js';
import { PREFERENTIAL_POLICIES, SPECIAL_LEVY_METHODS } from '../../../../../shared/spec/codes.js';
import { levyOf, levyText } from '../../../../../shared/i18n/levy-texts.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import { DIFFERENCE_LEVY_CODE, liveLineAmount, rateLabel, type FormLine, type FormValues } from '../draft.js';
import { usePathIssues } from '../check-store.js';
import { Field } from './field.js';
import { firstEmptyField, focusTestId, numericOnly } from './keyboard.js';
import { lineGrid } from './line-grid.js';
import { TaxCodeInput } from '../../tax-codes/components/tax-code-input.js';
import type { TaxCode } from '../../../../../shared/ipc/schemas/tax-codes.js';
import { useLibrarySearch } from './use-library-search.js';

const RATE_OPTIONS = TAX_RATES.map((rate) => ({ value: rate, label: rateLabel(rate) }));
const POLICY_CODES = Object.keys(PREFERENTIAL_POLICIES) as (keyof typeof PREFERENTIAL_POLICIES)[];
const LEVY_CODES = Object.keys(SPECIAL_LEVY_METHODS) as (keyof typeof SPECIAL_LEVY_METHODS)[];
const compact = { marginBottom: 6 } as const;
/** 一般计税 is no lslbs: the form keeps it as undefined, the select shows it as ''. */
const NORMAL_LEVY = '';
const levyValue = (value: unknown) => ({ value: value ?? NORMAL_LEVY });
const levyOrNothing = (value: unknown) => (value === NORMAL_LEVY || value === null ? undefined : value);
const number = { textAlign: 'right', paddingTop: 5, fontVariantNumeric: 'tabular-nums' } as const;

interface LineRowProps {
  index: number;
  /** From the parent, which reads the form store synchronously: a just-added row knows its kind at once. */
  kind: FormLine['kind'];
  canRemove: boolean;
  onRemove(): void;
  onAddDiscount(): void;
}

export function LineRow({ index, kind, canRemove, onRemove, onAddDiscount }: LineRowProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const line = Form.useWatch(['lines', index], { form, preserve: true }) as FormLine | undefined;
  const deduction = Form.useWatch('deduction', { form, preserve: true }) as string | undefined;
  // The invoice has one 扣除额: it sits under the first 差额征税 line (the rules allow only that one line).
  const differenceLine = Form.useWatch((values: FormValues) => (values.lines ?? []).findIndex((row) => row?.kind !== 'discount' && row?.specialLevy === DIFFERENCE_LEVY_CODE), form);
  const { rows, search } = useLibrarySearch('products');
  const levyIssues = usePathIssues(`lines.${index}.specialLevy`);
  const [moreOpen, setMoreOpen] = useState(false);
  const discount = kind === 'discount';
  const no = index + 1;
  const label = (key: 'issuance.lineName' | 'issuance.lineTaxCode' | 'issuance.lineQuantity' | 'issuance.lineUnitPrice' | 'issuance.lineRate' | 'issuanceForm.lineSpecification' | 'issuanceForm.lineUnit' | 'issuanceForm.lineDiscount') =>
    `${t(key)} ${no}`;
  const amounts = liveLineAmount(line, deduction);
  const showMore = moreOpen || levyIssues.errors.length > 0 || Boolean(line?.specialLevy) || Boolean(line?.preferentialPolicy);

  const pick = (value: string) => {
    const product: Product | undefined = rows[Number(value)];
    if (!product) return;
    const policy = POLICY_CODES.find((code) => code === product.preferentialPolicy);
    form.setFieldValue(['lines', index], {
      ...line,
      name: product.name,
      taxCode: product.taxCode,
      specification: product.specification ?? '',
      unit: product.unit ?? '',
      unitPrice: product.unitPrice ?? line?.unitPrice ?? '',
      rate: product.rate,
      specialLevy: product.specialLevy,
      preferentialPolicy: policy,
    });
    focusNextEmpty();
  };

  // After a pick the cursor goes on to what is still missing on this line (usually the quantity), not
  // back into the name the clerk just chose.
  const focusNextEmpty = () =>
    requestAnimationFrame(() => {
      const next = firstEmptyField([`line-${index}-tax-code`, `line-${index}-quantity`, `line-${index}-unit-price`]);
      focusTestId(next ?? `line-${index}-quantity`);
    });

  // The lookup fills the code and the code's usual rate; the clerk can still choose another of its rates.
  const pickTaxCode = (entry: TaxCode) => {
    form.setFieldValue(['lines', index, 'taxCode'], entry.code);
    const rate = entry.rates[0];
    if (rate) form.setFieldValue(['lines', index, 'rate'], rate);
    focusNextEmpty();
  };

  return (
    <div data-line-index={index} data-testid={`line-${index}`} data-kind={kind}>
      <div style={lineGrid}>
        <Typography.Text type="secondary" style={{ paddingTop: 5, textAlign: 'center' }}>
          {no}
        </Typography.Text>
        <Field path={`lines.${index}.name`} style={compact}>
          {discount ? (
            <Input aria-label={label('issuance.lineName')} data-testid={`line-${index}-name`} prefix={<Tag color="orange">{t('issuanceForm.lineKinds.discount')}</Tag>} readOnly tabIndex={-1} />
          ) : (
            <AutoComplete
              options={rows.map((row, i) => ({ value: String(i), label: <span data-testid={`product-option-${i}`}>{row.name} · {row.taxCode}</span> }))}
              onSearch={search}
              onSelect={pick}
              // Enter picks the first suggestion; without this a combobox highlights nothing until ↓.
              defaultActiveFirstOption
              popupMatchSelectWidth={false}
            >
              <Input
                aria-label={label('issuance.lineName')}
                data-testid={`line-${index}-name`}
                placeholder={t('issuanceForm.productSearchPlaceholder')}
                autoComplete="off"
                prefix={kind === 'discounted' ? <Tag color="blue">{t('issuanceForm.lineKinds.discounted')}</Tag> : undefined}
              />
            </AutoComplete>
          )}
        </Field>
        {discount ? (
          <>
            <div />
            <div />
            <div />
            <Field path={`lines.${index}.amount`} style={{ ...compact, gridColumn: 'span 2' }} normalize={numericOnly}>
              <Input aria-label={label('issuanceForm.lineDiscount')} data-testid={`line-${index}-discount`} addonBefore={t('issuanceForm.lineDiscount')} inputMode="decimal" autoComplete="off" />
            </Field>
          </>
        ) : (
          <>
            <Field path={`lines.${index}.taxCode`} style={compact}>
              <TaxCodeInput ariaLabel={label('issuance.lineTaxCode')} testId={`line-${index}-tax-code`} onPick={pickTaxCode} />
            </Field>
            <Field path={`lines.${index}.specification`} style={compact}>
              <Input aria-label={label('issuanceForm.lineSpecification')} data-testid={`line-${index}-specification`} autoComplete="off" />
            </Field>
            <Field path={`lines.${index}.unit`} style={compact}>
              <Input aria-label={label('issuanceForm.lineUnit')} data-testid={`line-${index}-unit`} autoComplete="off" />
            </Field>
            <Field path={`lines.${index}.quantity`} style={compact} normalize={numericOnly}>
              <Input aria-label={label('issuance.lineQuantity')} data-testid={`line-${index}-quantity`} inputMode="decimal" autoComplete="off" />
            </Field>
            <Field path={`lines.${index}.unitPrice`} style={compact} normalize={numericOnly}>
              <Input aria-label={label('issuance.lineUnitPrice')} data-testid={`line-${index}-unit-price`} inputMode="decimal" autoComplete="off" />
            </Field>
          </>
        )}
        <Field path={`lines.${index}.rate`} style={compact}>
          {/* showSearch: typing "9" then Enter picks 9% without the mouse. A discount keeps its line's rate. */}
          <Select
            aria-label={label('issuance.lineRate')}
            data-testid={`line-${index}-rate`}
            options={RATE_OPTIONS}
            disabled={discount}
            showSearch={{ optionFilterProp: 'label' }}
            optionRender={(option) => <span data-testid={`rate-option-${String(option.value)}`}>{option.label}</span>}
          />
        </Field>
        <Typography.Text style={number} data-testid={`line-${index}-amount`}>
          {amounts?.amount ?? t('issuance.invalidNumber')}
        </Typography.Text>
        <Typography.Text style={number} data-testid={`line-${index}-tax`}>
          {amounts?.tax ?? t('issuance.invalidNumber')}
        </Typography.Text>
        <Space size={0}>
          {kind === 'normal' && (
            <Tooltip title={t('issuanceForm.addDiscountFor', { index: no })}>
              <Button type="text" size="small" tabIndex={-1} data-testid={`line-${index}-add-discount`} aria-label={t('issuanceForm.addDiscountFor', { index: no })} onClick={onAddDiscount}>
                {t('issuanceForm.discountShort')}
              </Button>
            </Tooltip>
          )}
          {!discount && (
            <Button type="text" size="small" tabIndex={-1} data-testid={`line-${index}-more`} onClick={() => setMoreOpen(!moreOpen)}>
              {t('issuanceForm.lineMore')}
            </Button>
          )}
          <Button type="text" size="small" danger disabled={!canRemove} tabIndex={-1} aria-label={t('issuance.removeLine', { index: no })} data-testid={`line-${index}-remove`} onClick={onRemove}>
            ×
          </Button>
        </Space>
      </div>
      {showMore && !discount && <LineMoreRow index={index} deductionHere={differenceLine === index} />}
    </div>
  );
}

/**
 * What opens under a goods line on demand: its 特殊征税方式, the invoice's 扣除额 right after it on the 差额征税
 * line (`deductionHere`), and its 优惠政策. A component of its own so the row reads as its one grid line.
 */
function LineMoreRow({ index, deductionHere }: { index: number; deductionHere: boolean }) {
  const { t, i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const no = index + 1;
  return (
    <div style={{ ...lineGrid, gridTemplateColumns: '32px 1.3fr 1fr 1.3fr 0.4fr' }}>
      <div />
      <Field path={`lines.${index}.specialLevy`} style={compact} getValueProps={levyValue} normalize={levyOrNothing}>
        {/* showSearch: typing "差额" then Enter picks it without the mouse. */}
        <Select
          aria-label={`${t('issuanceForm.lineSpecialLevy')} ${no}`}
          prefix={t('issuanceForm.lineSpecialLevy')}
          data-testid={`line-${index}-special-levy`}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: NORMAL_LEVY, label: levyText('normal', language) },
            ...LEVY_CODES.map((code) => ({ value: code, label: levyText(levyOf(code), language) })),
          ]}
          optionRender={(option) => <span data-testid={`levy-option-${String(option.value) || 'normal'}`}>{option.label}</span>}
        />
      </Field>
      {deductionHere ? (
        <Field path="deduction" style={compact} normalize={numericOnly}>
          <Input
            aria-label={t('issuanceForm.deduction')}
            data-testid="deduction"
            addonBefore={t('issuanceForm.deduction')}
            placeholder={t('issuanceForm.deductionHint')}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
      ) : (
        <div />
      )}
      <Field path={`lines.${index}.preferentialPolicy`} style={compact}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('issuanceForm.linePreferentialPolicy')}
          data-testid={`line-${index}-preferential-policy`}
          options={POLICY_CODES.map((code) => ({ value: code, label: t(`issuanceForm.policies.${code}`) }))}
        />
      </Field>
    </div>
  );
}
