import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyLine } from '../draft.js';
import { lineGrid } from './line-grid.js';
import { LineRow } from './line-row.js';

// Computed columns are right-aligned like the numbers under them.
const RIGHT_ALIGNED = new Set<string>(['lineAmount', 'lineTax', 'lineNet']);
const HEADERS = ['lineIndex', 'lineName', 'lineTaxCode', 'lineQuantity', 'lineUnitPrice', 'lineRate', 'lineAmount', 'lineTax', 'lineNet'] as const;

/** Puts the cursor in the new line's first field: adding a line is always followed by typing into it. */
function focusLineName(index: number) {
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-testid="line-${index}-name"]`)?.focus());
}

export function InvoiceLines() {
  const { t } = useTranslation();
  return (
    <Form.List name="lines">
      {(fields, { add, remove }, { errors }) => (
        <div role="group" aria-label={t('issuance.lines')}>
          <div style={{ ...lineGrid, marginBottom: 4 }}>
            {HEADERS.map((key) => (
              <Typography.Text key={key} strong style={{ textAlign: RIGHT_ALIGNED.has(key) ? 'right' : 'left' }}>
                {t(`issuance.${key}`)}
              </Typography.Text>
            ))}
          </div>
          {fields.map((field, index) => (
            <LineRow key={field.key} field={field} index={index} canRemove={fields.length > 1} onRemove={() => remove(field.name)} />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            block
            data-testid="add-line"
            onClick={() => {
              add(emptyLine());
              focusLineName(fields.length);
            }}
          >
            + {t('issuance.addLine')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
