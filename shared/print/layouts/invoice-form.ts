/**
 * The 240 × 140 mm pre-printed VAT invoice form shared by the paper special (004) and paper general
 * (007) invoices: where each field's box is, and the form's own lines and captions (drawn only on plain
 * paper and in the preview).
 *
 * Source of the measurements: the 套打 (overlay) template of a Chinese e-invoicing vendor's LODOP print
 * control, public at github.com/guangyinren/weibo, file src/main/webapp/js/lib/print/ptbprinter.js
 * (functions CreateFullBill and genbkground). It positions every field in CSS pixels at 96 dpi on a
 * 241.3 × 139.7 mm page; each value here is that pixel value × 25.4 / 96, rounded to 0.1 mm, then nudged
 * by at most 1 mm so that no two boxes touch and every box stays inside the frame lines it belongs in
 * (the vendor's boxes overlap their neighbours by a few pixels, which a printer forgives but a test of
 * "never spills into the next box" does not). The goods table there holds 6 lines; the current forms
 * hold 8, so the table's height is divided into 8 rows.
 */
import type { BoxSpec } from '../page.js';

export const FORM_WIDTH_MM = 240;
export const FORM_HEIGHT_MM = 140;
/** Goods lines on the face; more lines print as one line 详见销货清单 and the list (销货清单) is printed. */
export const FORM_LINE_ROWS = 8;

/** The frame and the horizontal rules of the form, in mm. */
export const FRAME = { left: 15.1, right: 217.0, top: 25.4, bottom: 120.1 } as const;
export const RULES = { buyerBottom: 47.9, totalsBottom: 91.0, wordsBottom: 99.5 } as const;

/** Goods table columns: left and right edges between the form's vertical lines (0.5 mm inside them). */
export const COLUMNS = {
  name: { x: 15.6, w: 50.8 },
  spec: { x: 67.4, w: 25.8 },
  unit: { x: 94.2, w: 10.3 },
  qty: { x: 105.5, w: 17.6 },
  price: { x: 124.1, w: 22.5 },
  amount: { x: 147.6, w: 28.9 },
  rate: { x: 177.5, w: 9.6 },
  tax: { x: 188.1, w: 28.4 },
} as const;
export type ColumnName = keyof typeof COLUMNS;
/** The vertical lines of the goods table (x, mm), from the buyer block's rule to the totals rule. */
export const COLUMN_LINES = [66.9, 93.7, 105.0, 123.6, 147.1, 177.0, 187.6] as const;

const ROW_TOP = 53.0;
const ROW_PITCH = 4.1;
const ROW_HEIGHT = 3.9;

const MONEY: Partial<BoxSpec> = { align: 'right', sizePt: 9, minSizePt: 6 };
const PARTY: Partial<BoxSpec> = { sizePt: 9, minSizePt: 6, maxLines: 2 };

/** A goods-line cell: row 0–7, column by name. */
export function lineCell(row: number, column: ColumnName): BoxSpec {
  const col = COLUMNS[column];
  const numeric = column !== 'name' && column !== 'spec' && column !== 'unit';
  return {
    x: col.x,
    y: ROW_TOP + row * ROW_PITCH,
    w: col.w,
    h: ROW_HEIGHT,
    sizePt: 8,
    minSizePt: 5.5,
    maxLines: column === 'name' || column === 'spec' ? 2 : 1,
    align: numeric ? 'right' : 'left',
  };
}

/** The variable fields of the form (the 套打 layer). */
export const FIELDS = {
  machine: { x: 37.6, y: 16.3, w: 52.0, h: 4.8, sizePt: 9 },
  /** 007 only: the paper general invoice prints its check code; the special invoice has none. */
  checkCode: { x: 37.6, y: 21.2, w: 52.1, h: 4.0, sizePt: 9, minSizePt: 6 },
  negative: { x: 138.1, y: 19.3, w: 24.0, h: 4.8, sizePt: 10 },
  code: { x: 190.0, y: 8.0, w: 27.0, h: 4.4, sizePt: 10, minSizePt: 7 },
  number: { x: 190.0, y: 12.6, w: 27.0, h: 4.4, sizePt: 10, minSizePt: 7 },
  date: { x: 183.4, y: 19.3, w: 33.6, h: 4.8, sizePt: 9 },
  buyerName: { x: 47.6, y: 27.3, w: 80.9, h: 4.8, ...PARTY },
  buyerTaxId: { x: 51.9, y: 32.5, w: 76.6, h: 4.8, sizePt: 10, minSizePt: 7 },
  buyerAddress: { x: 47.6, y: 37.8, w: 80.9, h: 4.8, ...PARTY },
  buyerBank: { x: 47.6, y: 43.0, w: 80.9, h: 4.6, ...PARTY },
  cipher: { x: 136.0, y: 28.3, w: 80.5, h: 19.0, face: 'mono', sizePt: 10, minSizePt: 6, maxLines: 4 },
  totalAmount: { x: 147.6, y: 86.0, w: 28.9, h: 4.6, ...MONEY },
  totalTax: { x: 188.1, y: 86.0, w: 28.4, h: 4.6, ...MONEY },
  totalWords: { x: 75.7, y: 93.9, w: 73.6, h: 5.2, sizePt: 10, minSizePt: 7 },
  totalFigures: { x: 178.9, y: 93.9, w: 37.6, h: 5.2, sizePt: 10, minSizePt: 7 },
  sellerName: { x: 47.6, y: 100.5, w: 80.9, h: 4.6, ...PARTY },
  sellerTaxId: { x: 51.9, y: 105.3, w: 76.6, h: 4.6, sizePt: 10, minSizePt: 7 },
  sellerAddress: { x: 47.6, y: 110.1, w: 80.9, h: 4.6, ...PARTY },
  sellerBank: { x: 47.6, y: 114.9, w: 80.9, h: 4.6, ...PARTY },
  remark: { x: 136.0, y: 100.2, w: 80.5, h: 19.4, sizePt: 9, minSizePt: 6, maxLines: 5 },
  payee: { x: 35.7, y: 121.0, w: 28.8, h: 4.6, sizePt: 9 },
  reviewer: { x: 89.7, y: 121.0, w: 24.6, h: 4.6, sizePt: 9 },
  issuer: { x: 136.5, y: 121.0, w: 24.6, h: 4.6, sizePt: 9 },
} as const satisfies Record<string, BoxSpec>;
export type FieldName = keyof typeof FIELDS;

/** The ⊗ printed before the amount in words. */
export const WORDS_CROSS = { x: 70.6, y: 94.8, size: 3.4 } as const;

export interface Caption extends BoxSpec {
  id: string;
  text: string;
}

const caption = (id: string, text: string, box: BoxSpec): Caption => ({ id, text, sizePt: 9, minSizePt: 5, ...box });
const vertical = (id: string, text: string, x: number, y: number, w: number): Caption =>
  caption(id, Array.from(text).join('\n'), { x, y, w, h: 18, maxLines: text.length, align: 'center', sizePt: 10 });

/** The captions the pre-printed form carries (everything but the title, which depends on the form). */
export function formCaptions(): Caption[] {
  const party = (prefix: string, top: number, pitch: number) => [
    caption(`${prefix}.nameCaption`, '名　　称：', { x: 25.8, y: top, w: 21.5, h: 4.6 }),
    caption(`${prefix}.taxIdCaption`, '纳税人识别号：', { x: 25.8, y: top + pitch, w: 25.5, h: 4.6 }),
    caption(`${prefix}.addressCaption`, '地 址、电 话：', { x: 25.8, y: top + 2 * pitch, w: 21.5, h: 4.6 }),
    caption(`${prefix}.bankCaption`, '开户行及账号：', { x: 25.8, y: top + 3 * pitch, w: 21.5, h: 4.6 }),
  ];
  const header = (column: ColumnName, text: string) => caption(`table.${column}Caption`, text, { x: COLUMNS[column].x, y: 48.2, w: COLUMNS[column].w, h: 4.2, align: 'center', maxLines: 1 });
  return [
    caption('header.dateCaption', '开票日期：', { x: 163.0, y: 19.3, w: 20.0, h: 4.8 }),
    vertical('buyer.caption', '购买方', 15.6, 28.5, 9.0),
    ...party('buyer', 27.3, 5.25),
    vertical('cipher.caption', '密码区', 129.3, 28.5, 5.8),
    header('name', '货物或应税劳务、服务名称'),
    header('spec', '规格型号'),
    header('unit', '单位'),
    header('qty', '数量'),
    header('price', '单价'),
    header('amount', '金额'),
    header('rate', '税率'),
    header('tax', '税额'),
    caption('totals.caption', '合　　计', { x: 15.6, y: 86.0, w: 50.8, h: 4.6, align: 'center' }),
    caption('totals.wordsCaption', '价税合计（大写）', { x: 15.6, y: 93.9, w: 50.8, h: 5.2, align: 'center' }),
    caption('totals.figuresCaption', '（小写）', { x: 163.5, y: 93.9, w: 15.0, h: 5.2 }),
    vertical('seller.caption', '销售方', 15.6, 101.0, 9.0),
    ...party('seller', 100.5, 4.8),
    vertical('remark.caption', '备注', 129.6, 101.0, 5.8),
    caption('footer.payeeCaption', '收款人：', { x: 20.5, y: 121.0, w: 15.0, h: 4.6 }),
    caption('footer.reviewerCaption', '复核：', { x: 76.2, y: 121.0, w: 13.0, h: 4.6 }),
    caption('footer.issuerCaption', '开票人：', { x: 121.0, y: 121.0, w: 15.0, h: 4.6 }),
    caption('footer.sealCaption', '销售方：（章）', { x: 165.0, y: 121.0, w: 45.0, h: 4.6 }),
  ];
}

/** The form's rules (frame, block separators, table columns), as [x1, y1, x2, y2] in mm. */
export function formRules(): Array<[number, number, number, number]> {
  const { left, right, top, bottom } = FRAME;
  return [
    [left, top, right, top],
    [left, bottom, right, bottom],
    [left, top, left, bottom],
    [right, top, right, bottom],
    [left, RULES.buyerBottom, right, RULES.buyerBottom],
    [left, RULES.totalsBottom, right, RULES.totalsBottom],
    [left, RULES.wordsBottom, right, RULES.wordsBottom],
    // The party blocks' caption columns and the 密码区 / 备注 columns.
    [25.0, top, 25.0, RULES.buyerBottom],
    [129.0, top, 129.0, RULES.buyerBottom],
    [135.5, top, 135.5, RULES.buyerBottom],
    [25.0, RULES.wordsBottom, 25.0, bottom],
    [129.0, RULES.wordsBottom, 129.0, bottom],
    [135.5, RULES.wordsBottom, 135.5, bottom],
    // The goods table: the name column's line runs down through the totals rows too.
    [COLUMN_LINES[0], RULES.buyerBottom, COLUMN_LINES[0], RULES.wordsBottom],
    ...COLUMN_LINES.slice(1).map((x): [number, number, number, number] => [x, RULES.buyerBottom, x, RULES.totalsBottom]),
  ];
}
