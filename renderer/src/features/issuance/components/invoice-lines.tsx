/**
 * The keyboard-first grid of invoice lines. Lines live in the form as one array named `lines`, so every
 * field's name is its draft path (lines.2.quantity) and the rule book's issues land on it directly.
 */
import { flushSync } from 'react-dom';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { discountLineFor, emptyLine, type FormLine, type FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';
import { usePathIssues } from '../check-store.js';
import { focusTestId } from './keyboard.js';
import { LINE_HEADERS, lineGrid } from './line-grid.js';
import { LineRow } from './line-row.js';

const RIGHT_ALIGNED = new Set<string>(['issuance.lineAmount', 'issuance.lineTax']);

/** Line operations shared by the buttons and the keyboard shortcuts. */
export function lineOperations(form: ReturnType<typeof Form.useFormInstance<FormValues>>) {
  const lines = (): FormLine[] => (form.getFieldValue('lines') as FormLine[] | undefined) ?? [];
  // flushSync: the new row is in the page when the shortcut's handler returns, so the focus moves there
  // before the clerk's next key is handled — typing straight on after Alt+N lands in the new line.
  const set = (next: FormLine[]) => flushSync(() => form.setFieldValue('lines', next));
  return {
    add(): void {
      set([...lines(), emptyLine()]);
      focusTestId(`line-${lines().length - 1}-name`);
    },
    remove(index: number): void {
      const current = lines();
      if (current.length <= 1 || index < 0 || index >= current.length) return;
      const removed = current[index];
      const next = current.filter((_, i) => i !== index);
      // A discount belongs to its line: removing the line removes its discount, and removing the
      // discount makes the line a normal one again — never an orphan the rules would refuse.
      if (removed?.kind === 'discounted' && next[index]?.kind === 'discount') next.splice(index, 1);
      if (removed?.kind === 'discount' && next[index - 1]?.kind === 'discounted') next[index - 1] = { ...next[index - 1]!, kind: 'normal' };
      set(next.length > 0 ? next : [emptyLine()]);
      focusTestId(`line-${Math.min(index, next.length - 1)}-name`);
    },
    addDiscount(index: number): void {
      const current = lines();
      const line = current[index];
      // Only a normal line can take a discount: a discounted line already has one (no discounting a
      // line twice, spec "spmc"), and a discount line cannot be discounted.
      if (!line || line.kind !== 'normal') return;
      const next = [...current];
      next[index] = { ...line, kind: 'discounted' };
      next.splice(index + 1, 0, discountLineFor(line));
      set(next);
      focusTestId(`line-${index + 1}-discount`);
    },
  };
}

/** The lines' kinds in order: what decides which rows exist and what each row shows. */
const kindsOf = (values: Partial<FormValues>): string => (values.lines ?? []).map((line) => line.kind).join(',');

export function InvoiceLines() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const listIssues = usePathIssues('lines');
  const ops = lineOperations(form);
  const attempted = useIssuanceStore((s) => s.attempted);
  return (
    <section role="group" aria-label={t('issuance.lines')} data-testid="invoice-lines">
      <div style={{ ...lineGrid, marginBottom: 4 }}>
        {LINE_HEADERS.map((key, i) => (
          <Typography.Text key={key || i} strong style={{ textAlign: RIGHT_ALIGNED.has(key) ? 'right' : 'left', fontSize: 13 }}>
            {key ? t(key) : ''}
          </Typography.Text>
        ))}
      </div>
      {/*
        Rows follow the form store through a Field (shouldUpdate), which re-renders synchronously when a
        shortcut changes the lines, not through useWatch, which reports a macrotask later: Alt+N's new row
        must exist before the clerk's next key arrives, or that key lands in the old field.
      */}
      <Form.Item noStyle shouldUpdate={(previous: Partial<FormValues>, current: Partial<FormValues>) => kindsOf(previous) !== kindsOf(current)}>
        {() => {
          const lines = (form.getFieldValue('lines') as FormLine[] | undefined) ?? [];
          return lines.map((line, index) => (
            <LineRow
              // Index keys: rows are plain positions in the array; the values live in the form, not in the rows.
              key={index}
              index={index}
              kind={line.kind}
              canRemove={lines.length > 1}
              onRemove={() => ops.remove(index)}
              onAddDiscount={() => ops.addDiscount(index)}
            />
          ));
        }}
      </Form.Item>
      {attempted && listIssues.errors.length > 0 && <Form.ErrorList errors={listIssues.errors.map((message) => <span key={message} data-testid="error-lines">{message}</span>)} />}
      <Button type="dashed" block data-testid="add-line" onClick={ops.add} style={{ marginTop: 4 }}>
        + {t('app.withKey', { label: t('issuance.addLine'), key: 'Alt+N' })}
      </Button>
    </section>
  );
}
