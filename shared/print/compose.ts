/**
 * From the service's print data (fpdy's Print result) to page descriptions: the invoice face of a 004
 * or 007 form (the 套打 data layer, plus the form's lines and captions for plain paper and the preview)
 * and the goods list (销货清单). Pure: the same pages go to the printer, to print-to-PDF and to the
 * preview.
 */
import Decimal from 'decimal.js';
import { amountInWords } from '../rules/amount-in-words.js';
import type { PrintLine, PrintResult } from '../spec/print.js';
import { dataBox, type BoxSpec, type Page, type PageItem, type TextBox } from './page.js';
import { GENERAL_007 } from './layouts/general-007.js';
import { DEFAULT_EDITION, FORM_HEIGHT_MM, FORM_LINE_ROWS, FORM_WIDTH_MM, formCaptions, formRules, lineCell, QR_BOX, WORDS_CROSS, type ColumnName, type FormEdition } from './layouts/invoice-form.js';
import { LIST_COLUMNS, LIST_FIELDS, LIST_HEIGHT_MM, LIST_ROWS_PER_PAGE, LIST_TABLE, LIST_WIDTH_MM, listCell, SUBTOTAL_TOP, SUMMARY_ROW_HEIGHT, TOTAL_TOP, type ListColumn } from './layouts/goods-list.js';
import { SPECIAL_004 } from './layouts/special-004.js';

export type PaperInvoiceType = '004' | '007';
/** The printed amount in words uses 圆, as the pre-printed forms' own captions do. */
export const WORDS_YUAN = '圆';
export const SEE_LIST = '（详见销货清单）';
export const NEGATIVE_MARK = '销项负数';

const FORMS = { '004': SPECIAL_004, '007': GENERAL_007 } as const;

const money = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '' : new Decimal(value).toFixed(2));
/** Quantities and unit prices print as given, without trailing zeros (up to 8 decimals). */
const plain = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '' : new Decimal(value).toFixed());

/** 税率 as printed: 13%, or the zero-rate wording of lslbs (免税, 不征税, 0%). */
export function rateText(line: Pick<PrintLine, 'sl' | 'lslbs'>): string {
  if (line.lslbs === '1') return '免税';
  if (line.lslbs === '2') return '不征税';
  return `${new Decimal(line.sl).mul(100).toFixed()}%`;
}

/** kprq yyyyMMddHHmmss → 2026年11月24日 as on the form. */
export function printedDate(kprq: string): string {
  return `${kprq.slice(0, 4)}年${kprq.slice(4, 6)}月${kprq.slice(6, 8)}日`;
}

/** The 密码区 text (skm) cut into the form's four equal lines. */
export function cipherLines(skm: string): string {
  const chars = Array.from(skm.replace(/\s+/g, ''));
  if (chars.length === 0) return '';
  const per = Math.ceil(chars.length / 4);
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += per) lines.push(chars.slice(i, i + per).join(''));
  return lines.join('\n');
}

/** The check code grouped in fives, as the general invoice prints it. */
const groupedCheckCode = (jym: string) => (jym.replace(/\s+/g, '').match(/.{1,5}/g) ?? []).join(' ');

/** What the 007 prints for a zero tax (exempt, not taxed, zero rate): three stars, not 0.00. */
export const ZERO_TAX_STARS = '***';
const isZero = (value: string | null | undefined) => value !== null && value !== undefined && value !== '' && new Decimal(value).isZero();

function lineTexts(line: PrintLine, fplxdm?: PaperInvoiceType): Record<ColumnName, string> {
  return {
    name: line.spmc,
    spec: line.ggxh ?? '',
    unit: line.dw ?? '',
    qty: plain(line.spsl),
    price: plain(line.dj),
    amount: money(line.je),
    rate: rateText(line),
    tax: fplxdm === '007' && isZero(line.se) ? ZERO_TAX_STARS : money(line.se),
  };
}

export interface InvoicePageOptions {
  /** Which form the data is printed on; the print data's own type is used when absent. */
  fplxdm: PaperInvoiceType;
  /** The printer's form edition: where 机器编号 and 校验码 go (layouts/invoice-form.ts); the common one when absent. */
  edition?: FormEdition;
}

/** Does this invoice print with a goods list (more lines than the face holds)? */
export function hasList(data: Pick<PrintResult, 'qdbz' | 'details'>): boolean {
  return data.qdbz === '1' || data.details.length > FORM_LINE_ROWS;
}

function caption(id: string, spec: BoxSpec, text: string): TextBox {
  return { ...dataBox(id, spec, text), layer: 'form', color: 'form' };
}

/** The invoice face: the data layer of every field, and the form layer (title, captions, rules). */
export function invoicePage(data: PrintResult, options: InvoicePageOptions): Page {
  const form = FORMS[options.fplxdm];
  const f = form.fields;
  const items: PageItem[] = [];
  const field = (name: string, text: string) => {
    const spec = f[name];
    if (spec && text !== '') items.push(dataBox(`field.${name}`, spec, text));
  };
  const edition = options.edition ?? DEFAULT_EDITION;
  const checkCode = options.fplxdm === '007' && data.jym ? `校验码 ${groupedCheckCode(data.jym)}` : '';
  // 航信-style 007: 校验码 at the top left; 百望-style (and every 004): 机器编号 there, 校验码 heading 备注.
  const checkCodeTopLeft = checkCode !== '' && edition === 'hx';
  if (checkCodeTopLeft) field('checkCode', checkCode);
  else field('machine', data.jqbh ? `机器编号：${data.jqbh}` : '');
  field('negative', data.fpzt === '01' ? NEGATIVE_MARK : '');
  if (data.ewm) items.push({ kind: 'qr', layer: 'data', id: 'field.qr', ...QR_BOX, payload: data.ewm });
  field('code', data.fpdm);
  field('number', data.fphm);
  field('date', printedDate(data.kprq));
  field('buyerName', data.ghdwmc);
  field('buyerTaxId', data.ghdwsbh ?? '');
  field('buyerAddress', data.ghdwdzdh ?? '');
  field('buyerBank', data.ghdwyhzh ?? '');
  field('cipher', cipherLines(data.skm ?? ''));
  const rows: Array<Record<ColumnName, string>> = hasList(data)
    ? [{ name: SEE_LIST, spec: '', unit: '', qty: '', price: '', amount: money(data.hjje), rate: '', tax: money(data.hjse) }]
    : data.details.map((line) => lineTexts(line, options.fplxdm));
  rows.forEach((row, index) => {
    for (const column of Object.keys(row) as ColumnName[]) {
      if (row[column] !== '') items.push(dataBox(`line.${index + 1}.${column}`, lineCell(index, column), row[column]));
    }
  });
  field('totalAmount', `¥${money(data.hjje)}`);
  field('totalTax', options.fplxdm === '007' && isZero(data.hjse) ? ZERO_TAX_STARS : `¥${money(data.hjse)}`);
  field('totalWords', amountInWords(data.jshj, { yuan: WORDS_YUAN }));
  field('totalFigures', `¥${money(data.jshj)}`);
  items.push({ kind: 'cross', layer: 'data', ...WORDS_CROSS });
  field('sellerName', data.xhdwmc);
  field('sellerTaxId', data.xhdwsbh);
  field('sellerAddress', data.xhdwdzdh ?? '');
  field('sellerBank', data.xhdwyhzh ?? '');
  field('remark', [checkCodeTopLeft ? '' : checkCode, data.bz ?? ''].filter((text) => text !== '').join('\n'));
  field('payee', data.skr ?? '');
  field('reviewer', data.fhr ?? '');
  field('issuer', data.kpr ?? '');

  // The form layer: what the pre-printed paper carries.
  items.push(caption('caption.title', { x: 78, y: 5, w: 84, h: 9, sizePt: 18, align: 'center' }, form.title));
  for (const c of formCaptions()) items.push(caption(`caption.${c.id}`, c, c.text));
  for (const [x1, y1, x2, y2] of formRules()) items.push({ kind: 'line', layer: 'form', x1, y1, x2, y2, widthMm: 0.25, color: 'form' });
  return { widthMm: FORM_WIDTH_MM, heightMm: FORM_HEIGHT_MM, items };
}

/** The goods list: all lines, 10 a page, 小计 on every page, 总计 on the last, 第 n 页 共 m 页. */
export function goodsListPages(data: PrintResult, fplxdm?: PaperInvoiceType): Page[] {
  const chunks: PrintLine[][] = [];
  for (let i = 0; i < data.details.length; i += LIST_ROWS_PER_PAGE) chunks.push(data.details.slice(i, i + LIST_ROWS_PER_PAGE));
  if (chunks.length === 0) chunks.push([]);
  const total = { amount: new Decimal(0), tax: new Decimal(0) };
  return chunks.map((lines, pageIndex) => {
    const items: PageItem[] = [];
    const text = (id: string, spec: BoxSpec, value: string) => {
      if (value !== '') items.push(dataBox(id, spec, value));
    };
    text('list.title', LIST_FIELDS.title, '销售货物或者提供应税劳务、服务清单');
    text('list.buyerCaption', LIST_FIELDS.buyerCaption, '购买方名称：');
    text('list.buyerName', LIST_FIELDS.buyerName, data.ghdwmc);
    text('list.sellerCaption', LIST_FIELDS.sellerCaption, '销售方名称：');
    text('list.sellerName', LIST_FIELDS.sellerName, data.xhdwmc);
    text('list.invoiceCaption', LIST_FIELDS.invoiceCaption, '所属增值税发票代码：');
    text('list.invoiceCode', LIST_FIELDS.invoiceCode, data.fpdm);
    text('list.numberCaption', LIST_FIELDS.numberCaption, '号码：');
    text('list.invoiceNumber', LIST_FIELDS.invoiceNumber, data.fphm);
    text('list.pageOf', LIST_FIELDS.pageOf, `第 ${pageIndex + 1} 页 共 ${chunks.length} 页`);
    for (const column of Object.keys(LIST_COLUMNS) as ListColumn[]) {
      const col = LIST_COLUMNS[column];
      text(`list.header.${column}`, { x: col.x + 0.5, y: LIST_TABLE.headerTop + 0.5, w: col.w - 1, h: 7, sizePt: 9, minSizePt: 6, align: 'center' }, col.caption);
    }
    const page = { amount: new Decimal(0), tax: new Decimal(0) };
    lines.forEach((line, row) => {
      const number = pageIndex * LIST_ROWS_PER_PAGE + row + 1;
      const cells: Record<ListColumn, string> = { index: String(number), ...lineTexts(line, fplxdm) };
      for (const column of Object.keys(cells) as ListColumn[]) text(`list.line.${number}.${column}`, listCell(row, column), cells[column]);
      page.amount = page.amount.plus(line.je);
      page.tax = page.tax.plus(line.se);
    });
    total.amount = total.amount.plus(page.amount);
    total.tax = total.tax.plus(page.tax);
    text('list.subtotal.caption', listCell('subtotal', 'name'), '小计');
    text('list.subtotal.amount', listCell('subtotal', 'amount'), page.amount.toFixed(2));
    text('list.subtotal.tax', listCell('subtotal', 'tax'), page.tax.toFixed(2));
    const last = pageIndex === chunks.length - 1;
    if (last) {
      text('list.total.caption', listCell('total', 'name'), '总计');
      text('list.total.amount', listCell('total', 'amount'), total.amount.toFixed(2));
      text('list.total.tax', listCell('total', 'tax'), total.tax.toFixed(2));
      text('list.remarkCaption', LIST_FIELDS.remarkCaption, '备注：');
      text('list.remark', LIST_FIELDS.remark, data.bz ?? '');
    }
    text('list.sealCaption', LIST_FIELDS.sealCaption, '销售方（章）：');
    text('list.dateCaption', LIST_FIELDS.dateCaption, `填开日期：${printedDate(data.kprq)}`);
    // The table's rules: printed, since the list goes on plain paper.
    const { left, right, headerTop, rowsTop, rowHeight } = LIST_TABLE;
    const bottom = last ? TOTAL_TOP + SUMMARY_ROW_HEIGHT : SUBTOTAL_TOP + SUMMARY_ROW_HEIGHT;
    const rule = (x1: number, y1: number, x2: number, y2: number): PageItem => ({ kind: 'line', layer: 'data', x1, y1, x2, y2, widthMm: 0.2 });
    items.push(rule(left, headerTop, right, headerTop), rule(left, rowsTop, right, rowsTop));
    for (let row = 1; row <= LIST_ROWS_PER_PAGE; row++) items.push(rule(left, rowsTop + row * rowHeight, right, rowsTop + row * rowHeight));
    items.push(rule(left, SUBTOTAL_TOP + SUMMARY_ROW_HEIGHT, right, SUBTOTAL_TOP + SUMMARY_ROW_HEIGHT));
    if (last) items.push(rule(left, bottom, right, bottom));
    for (const column of Object.values(LIST_COLUMNS)) items.push(rule(column.x, headerTop, column.x, bottom));
    items.push(rule(right, headerTop, right, bottom));
    return { widthMm: LIST_WIDTH_MM, heightMm: LIST_HEIGHT_MM, items };
  });
}
