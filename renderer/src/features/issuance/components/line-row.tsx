import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAX_RATES } from '../../../../../shared/rules/money.js';
import { fieldSchemas, rateLabel } from '../draft.js';
import { LineAmountCells } from './line-amounts.js';
import { lineGrid } from './line-grid.js';
import { zodRule } from './zod-rule.js';

const RATE_OPTIONS = TAX_RATES.map((rate) => ({ value: rate, label: rateLabel(rate) }));
const compact = { marginBottom: 8 } as const;

interface LineRowProps {
  /** Form.List's key for this row (stable across removals); `index` is its current position. */
  field: { key: number; name: number };
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}

export function LineRow({ field, index, canRemove, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const no = index + 1;
  // Accessible names carry the line number so that screen readers and getByLabel tell rows apart.
  const label = (key: 'lineName' | 'lineTaxCode' | 'lineQuantity' | 'lineUnitPrice' | 'lineRate') => `${t(`issuance.${key}`)} ${no}`;
  return (
    <div style={lineGrid} data-testid={`line-${index}`}>
      <Typography.Text type="secondary" style={{ paddingTop: 5, textAlign: 'center' }}>
        {no}
      </Typography.Text>
      <Form.Item name={[field.name, 'name']} rules={[zodRule(fieldSchemas.line.name)]} style={compact}>
        <Input aria-label={label('lineName')} data-testid={`line-${index}-name`} autoComplete="off" />
      </Form.Item>
      <Form.Item name={[field.name, 'taxCode']} rules={[zodRule(fieldSchemas.line.taxCode, { trim: true })]} style={compact}>
        <Input
          aria-label={label('lineTaxCode')}
          data-testid={`line-${index}-tax-code`}
          placeholder={t('issuance.lineTaxCodePlaceholder')}
          inputMode="numeric"
          maxLength={19}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name={[field.name, 'quantity']} rules={[zodRule(fieldSchemas.line.quantity, { trim: true })]} style={compact}>
        <Input aria-label={label('lineQuantity')} data-testid={`line-${index}-quantity`} inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name={[field.name, 'unitPrice']} rules={[zodRule(fieldSchemas.line.unitPrice, { trim: true })]} style={compact}>
        <Input aria-label={label('lineUnitPrice')} data-testid={`line-${index}-unit-price`} inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name={[field.name, 'rate']} rules={[zodRule(fieldSchemas.line.rate)]} style={compact}>
        {/* showSearch: typing "9" then Enter picks 9% without opening the list with the mouse. */}
        <Select
          aria-label={label('lineRate')}
          data-testid={`line-${index}-rate`}
          options={RATE_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          optionRender={(option) => <span data-testid={`rate-option-${String(option.value)}`}>{option.label}</span>}
        />
      </Form.Item>
      <LineAmountCells index={index} />
      <Button
        type="text"
        danger
        disabled={!canRemove}
        aria-label={t('issuance.removeLine', { index: no })}
        data-testid={`line-${index}-remove`}
        onClick={onRemove}
        tabIndex={-1}
      >
        ×
      </Button>
    </div>
  );
}
