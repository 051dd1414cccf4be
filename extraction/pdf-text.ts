/**
 * Invoice fields from a PDF's text layer. Real text layers are broken up in every way: labels and values
 * in separate items far apart in the content stream, one character per item, labels with spaces inside
 * (校 验 码), the ¥ sign apart from its amount. So nothing here relies on order or on whole lines:
 * 1. items on one row that touch are joined into runs (so ¥ + 20.75, or 1 6 0 4… become one);
 * 2. a field is the run matching its format inline after its label, or else the nearest matching run to the
 *    right of the label on the same row;
 * 3. tax IDs are told apart by the nearest section marker to their left (购买方 / 销售方), which holds
 *    for legacy layouts (buyer above seller) and 数电 ones (side by side);
 * 4. the totals are the amounts where one plus another equals a third (合计金额 + 合计税额 = 价税合计).
 */
import Decimal from 'decimal.js';
import { fpzlFromTitle, normaliseAmount, normaliseLookalikes, type ExtractedField, type FieldCollector, type FieldSource } from './fields.js';
import type { PdfPage, PdfTextItem } from './pdf.js';

interface Run extends PdfTextItem {
  /** Text without whitespace. */
  compact: string;
}

/**
 * Joins touching items of a row. `gap` is how far apart (in text heights) two items may be and still be one
 * run: half a height first; a second, looser pass (a full height) reads text layers that place characters
 * one by one with letter spacing, for the fields the first pass did not find.
 */
function joinRuns(items: readonly PdfTextItem[], gap = 0.5): Run[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const runs: Run[] = [];
  for (const item of sorted) {
    const last = runs.at(-1);
    const height = Math.max(item.height, 1);
    if (last && Math.abs(last.y - item.y) < height * 0.35 && item.x >= last.x && Math.abs(item.x - (last.x + last.width)) < height * gap) {
      last.text += normaliseLookalikes(item.text);
      last.compact = last.text.replace(/\s+/g, '');
      last.width = item.x + item.width - last.x;
      continue;
    }
    runs.push({ ...item, text: normaliseLookalikes(item.text), compact: normaliseLookalikes(item.text).replace(/\s+/g, '') });
  }
  return runs;
}

const sameRow = (a: Run, b: Run) => Math.abs(a.y - b.y) < Math.max(a.height, b.height, 4) * 0.9;

/** The run right under a label in its column (a ticket's fare table: labels in one row, values in the next). */
function below(runs: readonly Run[], label: Run, value: RegExp): RegExpExecArray | undefined {
  return runs
    .filter((other) => other.y < label.y && label.y - other.y < Math.max(label.height, 4) * 3 && other.x + other.width > label.x && other.x < label.x + Math.max(label.width, label.height))
    .sort((a, b) => b.y - a.y)
    .map((other) => value.exec(other.compact))
    .find((match) => match !== null) ?? undefined;
}

/** The value of a labelled field: inline after the label, or the nearest run to its right on the same row (or, with `under`, below it). */
function labelled(runs: readonly Run[], label: RegExp, value: RegExp, under = false): string | undefined {
  for (const run of runs) {
    const at = run.compact.search(label);
    if (at < 0) continue;
    const rest = run.compact.slice(at).replace(label, '').replace(/^[:：]/, '');
    const inline = value.exec(rest);
    if (inline) return inline[1] ?? inline[0];
    const right = runs
      .filter((other) => other !== run && sameRow(run, other) && other.x > run.x)
      .sort((a, b) => a.x - b.x)
      .map((other) => value.exec(other.compact.replace(/^[:：]/, '')))
      .find((match) => match !== null);
    if (right) return right[1] ?? right[0];
    const down = under ? below(runs, run, value) : undefined;
    if (down) return down[1] ?? down[0];
  }
  return undefined;
}

const TAX_ID_RUN = /(?:^|[:：])([0-9A-Z]{18}|[0-9A-Z]{15}|[0-9A-Z]{20})$/;
// A section marker: the vertical 购/销 of a legacy or 数电 layout, or a run starting 购买方… (tickets).
const BUYER_MARK = /^(?:购|购买方|购方)/;
const SELLER_MARK = /^(?:销|销售方|销方)/;

function taxIds(runs: readonly Run[], into: FieldCollector, source: TextSource): void {
  const labels = runs.filter((run) => /识别号|信用代码/.test(run.compact));
  const found = runs.flatMap((run) => {
    const match = TAX_ID_RUN.exec(run.compact);
    if (!match?.[1] || !/\d/.test(match[1])) return [];
    const labelledHere = /识别号|信用代码/.test(run.compact) || labels.some((label) => sameRow(label, run) && label.x < run.x);
    return labelledHere ? [{ run, id: match[1] }] : [];
  });
  const marks = runs.filter((run) => BUYER_MARK.test(run.compact) || SELLER_MARK.test(run.compact));
  const side = (run: Run): 'buyer' | 'seller' | undefined => {
    const nearest = marks
      .filter((mark) => mark.x < run.x)
      .sort((a, b) => Math.abs(a.y - run.y) + Math.abs(a.x - run.x) * 0.5 - (Math.abs(b.y - run.y) + Math.abs(b.x - run.x) * 0.5))[0];
    if (!nearest) return undefined;
    return BUYER_MARK.test(nearest.compact) ? 'buyer' : 'seller';
  };
  const sides = found.map(({ run, id }) => ({ id, side: side(run) }));
  const buyer = sides.find((entry) => entry.side === 'buyer');
  const seller = sides.find((entry) => entry.side === 'seller');
  if (buyer) into.set('gmfsbh', buyer.id, source);
  if (seller) into.set('xhfsbh', seller.id, source);
  if (!buyer && !seller && sides.length === 2) {
    // No markers at all: buyer comes first in reading order on both layouts.
    into.set('gmfsbh', sides[0]?.id, source);
    into.set('xhfsbh', sides[1]?.id, source);
  }
}

function totals(runs: readonly Run[], into: FieldCollector, source: TextSource): void {
  const yen = runs.flatMap((run, index) => {
    const match = /^[¥￥]?(-?\d{1,13}\.\d{2})$/.exec(run.compact.replace(/^.*[¥￥]/, '¥'));
    if (!match?.[1]) return [];
    const signed = run.compact.includes('¥') || run.compact.includes('￥') || runs.some((other, at) => at !== index && /^[¥￥]$/.test(other.compact) && sameRow(other, run) && other.x < run.x && run.x - other.x < 20);
    return [{ value: new Decimal(match[1]), signed }];
  });
  for (const pool of [yen.filter((entry) => entry.signed), yen]) {
    const values = pool.map((entry) => entry.value).sort((a, b) => b.abs().comparedTo(a.abs()));
    for (const total of values) {
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const [a, b] = [values[i], values[j]];
          if (!a || !b || a === total || b === total || !a.plus(b).equals(total)) continue;
          const [amount, tax] = a.abs().greaterThanOrEqualTo(b.abs()) ? [a, b] : [b, a];
          into.set('jshj', total.toFixed(2), source);
          into.set('fpje', amount.toFixed(2), source);
          into.set('fpse', tax.toFixed(2), source);
          return;
        }
      }
    }
  }
  // A ticket has one total: 票价 / 价税合计（小写）.
  const single = labelled(runs, /票价|（小写）|\(小写\)|小写/, /^[¥￥]?(-?\d{1,13}\.\d{2})/);
  if (single) into.set('jshj', normaliseAmount(single), source);
}

const FIELD_LABELS: [ExtractedField, RegExp, RegExp][] = [
  ['fphm', /发票号码/, /^(\d{20}|\d{8})(?!\d)/],
  ['fpdm', /发票代码/, /^(\d{12}|\d{10})(?!\d)/],
  // An airline itinerary prints its issue date as 填开日期.
  ['kprq', /开票日期|填开日期/, /^(\d{4}年\d{1,2}月\d{1,2}日|\d{4}-\d{2}-\d{2})/],
  ['jym', /校验码/, /^(\d{20})/],
];

/** Where the text came from: a PDF's text layer, or an OFD's drawn page text (ofd-text.ts). */
type TextSource = Extract<FieldSource, 'pdf-text' | 'ofd'>;

export function extractFromPdfText(pages: readonly PdfPage[], into: FieldCollector, source: TextSource = 'pdf-text'): void {
  const rows = (gap: number) => pages.flatMap((page, index) => joinRuns(page.items, gap).map((run) => ({ ...run, y: run.y - index * 10_000 })));
  const runs = rows(0.5);
  if (runs.length === 0) return;
  const title = fpzlFromTitle(runs.map((run) => run.compact).join(''));
  into.setFamily(title.family);
  if (title.fpzl) into.set('fpzl', title.fpzl, source);
  readFields(runs, into, source);
  // Characters placed one by one with spacing: read again with looser runs, for what is still missing.
  if (FIELDS_FROM_TEXT.some((field) => into.fields[field] === undefined)) readFields(rows(1), into, source);
  readNames(runs, into);
}

const FIELDS_FROM_TEXT: readonly ExtractedField[] = ['fphm', 'kprq', 'fpje', 'fpse', 'jshj', 'xhfsbh', 'gmfsbh'];
const TICKET_AMOUNT = /^(?:CNY|RMB|[¥￥])?(-?\d{1,13}\.\d{2})$/;

function readFields(runs: readonly Run[], into: FieldCollector, source: TextSource): void {
  for (const [field, label, value] of FIELD_LABELS) into.set(field, labelled(runs, label, value), source);
  if (into.fields.fphm === undefined) {
    // 数电 numbers are 20 digits and nothing else on an invoice is: safe without a label.
    const twenty = runs.map((run) => /(?:^|\D)(\d{20})(?:\D|$)/.exec(run.compact)?.[1]).find(Boolean);
    if (twenty && into.family !== 'legacy') into.set('fphm', twenty, source);
  }
  if (into.fields.kprq === undefined) {
    const dates = new Set(runs.flatMap((run) => /(\d{4}年\d{1,2}月\d{1,2}日)/.exec(run.compact)?.[1] ?? []));
    if (dates.size === 1) into.set('kprq', [...dates][0], source);
  }
  if (into.family === 'air') {
    // The itinerary's fare table: labels in a row, amounts (CNY 610.46) under them; 合计 is the total paid.
    into.set('jshj', labelled(runs, /^合计$/, TICKET_AMOUNT, true), source);
    into.set('fpse', labelled(runs, /^增值税税额$/, TICKET_AMOUNT, true), source);
  }
  taxIds(runs, into, source);
  totals(runs, into, source);
}

function readNames(runs: readonly Run[], into: FieldCollector): void {
  for (const run of runs) {
    if (!/^名称[:：]/.test(run.compact)) continue;
    const nameSide = runs.filter((mark) => (BUYER_MARK.test(mark.compact) || SELLER_MARK.test(mark.compact)) && mark.x < run.x).sort((a, b) => Math.abs(a.y - run.y) + Math.abs(a.x - run.x) * 0.5 - (Math.abs(b.y - run.y) + Math.abs(b.x - run.x) * 0.5))[0];
    const text = run.compact.replace(/^名称[:：]/, '');
    if (text && nameSide) into.setName(BUYER_MARK.test(nameSide.compact) ? 'gmfmc' : 'xhfmc', text);
  }
}
