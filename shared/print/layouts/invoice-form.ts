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

/** Room left between a printed value and any pre-printed rule beside it (a slight feed error stays off the line). */
export const RULE_MARGIN_MM = 1;

/** The vertical lines of the goods table (x, mm), from the buyer block's rule to the totals rule. */
export const COLUMN_LINES = [66.9, 93.7, 105.0, 123.6, 147.1, 177.0, 187.6] as const;

/** Goods table columns: each value's box runs from 1 mm right of a column line to 1 mm left of the next. */
const between = (left: number, right: number) => ({ x: left + RULE_MARGIN_MM, w: +(right - left - 2 * RULE_MARGIN_MM).toFixed(1) });
export const COLUMNS = {
  name: between(FRAME.left, COLUMN_LINES[0]),
  spec: between(COLUMN_LINES[0], COLUMN_LINES[1]),
  unit: between(COLUMN_LINES[1], COLUMN_LINES[2]),
  qty: between(COLUMN_LINES[2], COLUMN_LINES[3]),
  price: between(COLUMN_LINES[3], COLUMN_LINES[4]),
  amount: between(COLUMN_LINES[4], COLUMN_LINES[5]),
  rate: between(COLUMN_LINES[5], COLUMN_LINES[6]),
  tax: between(COLUMN_LINES[6], FRAME.right),
} as const;
export type ColumnName = keyof typeof COLUMNS;

/**
 * The goods rows: between the column captions (bottom 52.4) and the 合计 row (top 86.4) the form has
 * 34 mm, so 8 rows at a 4.2 mm pitch fit without touching either. (The independent program's 4.5 mm
 * pitch lets its eighth row overlap its 合计 row by 1 mm; here rows stay apart from it.)
 */
export const ROW_TOP = 52.6;
export const ROW_PITCH = 4.2;
const ROW_HEIGHT = 4.2;
/** The 合计 row: its values 1 mm above the totals rule. */
export const TOTALS_ROW = { y: 86.6, h: RULES.totalsBottom - RULE_MARGIN_MM - 86.6 } as const;

const MONEY: Partial<BoxSpec> = { align: 'right', sizePt: 9, minSizePt: 6 };
const PARTY: Partial<BoxSpec> = { sizePt: 9, minSizePt: 6, maxLines: 2 };

/** A goods-line cell: row 0–7, column by name. */
export function lineCell(row: number, column: ColumnName): BoxSpec {
  const col = COLUMNS[column];
  const numeric = column !== 'name' && column !== 'spec' && column !== 'unit';
  return {
    x: col.x,
    y: +(ROW_TOP + row * ROW_PITCH).toFixed(2),
    w: col.w,
    h: ROW_HEIGHT,
    sizePt: 8,
    minSizePt: 5.5,
    maxLines: column === 'name' || column === 'spec' ? 2 : 1,
    align: numeric ? 'right' : 'left',
  };
}

/** The party blocks' four rows (name, tax ID, address, bank), 1 mm inside the block's rules. */
const BUYER_ROWS = { top: FRAME.top + RULE_MARGIN_MM + 0.1, pitch: 5.2, h: 4.8 } as const;
const SELLER_ROWS = { top: RULES.wordsBottom + RULE_MARGIN_MM, pitch: 4.65, h: 4.6 } as const;
const PARTY_X = 47.6;
/** Party values end 1 mm left of the 密码区 / 备注 column's rule. */
const PARTY_W = +(129.0 - RULE_MARGIN_MM - PARTY_X).toFixed(1);
const partyRow = (rows: { top: number; pitch: number; h: number }, index: number) => ({ y: +(rows.top + index * rows.pitch).toFixed(2), h: rows.h });

/**
 * The line at the top left under the QR code: 机器编号 or 校验码, by the form edition (see FORM_EDITIONS);
 * its bottom is 1 mm above the frame.
 */
const TOP_LEFT: BoxSpec = { x: 37.6, y: 19.6, w: 52.0, h: 4.0, sizePt: 9, minSizePt: 6 };

/** The variable fields of the form (the 套打 layer). */
export const FIELDS = {
  machine: TOP_LEFT,
  checkCode: TOP_LEFT,
  negative: { x: 138.1, y: 19.6, w: 24.0, h: 4.6, sizePt: 10 },
  code: { x: 190.0, y: 8.0, w: 27.0, h: 4.4, sizePt: 10, minSizePt: 7 },
  number: { x: 190.0, y: 12.6, w: 27.0, h: 4.4, sizePt: 10, minSizePt: 7 },
  date: { x: 183.4, y: 19.6, w: 33.6, h: 4.6, sizePt: 9 },
  buyerName: { x: PARTY_X, ...partyRow(BUYER_ROWS, 0), w: PARTY_W, ...PARTY },
  buyerTaxId: { x: 51.9, ...partyRow(BUYER_ROWS, 1), w: +(PARTY_X + PARTY_W - 51.9).toFixed(1), sizePt: 10, minSizePt: 7 },
  buyerAddress: { x: PARTY_X, ...partyRow(BUYER_ROWS, 2), w: PARTY_W, ...PARTY },
  buyerBank: { x: PARTY_X, ...partyRow(BUYER_ROWS, 3), w: PARTY_W, ...PARTY },
  /** 密码区: 1 mm and more inside its rules on every side (the issue measured 0.3–0.8 mm before). */
  cipher: { x: 137.0, y: 26.6, w: 79.0, h: 20.0, face: 'mono', sizePt: 10, minSizePt: 6, maxLines: 4 },
  totalAmount: { x: COLUMNS.amount.x, ...TOTALS_ROW, w: COLUMNS.amount.w, ...MONEY },
  totalTax: { x: COLUMNS.tax.x, ...TOTALS_ROW, w: COLUMNS.tax.w, ...MONEY },
  totalWords: { x: 75.7, y: 92.6, w: 73.6, h: 5.2, sizePt: 10, minSizePt: 7 },
  totalFigures: { x: 178.9, y: 92.6, w: +(FRAME.right - RULE_MARGIN_MM - 178.9).toFixed(1), h: 5.2, sizePt: 10, minSizePt: 7 },
  sellerName: { x: PARTY_X, ...partyRow(SELLER_ROWS, 0), w: PARTY_W, ...PARTY },
  sellerTaxId: { x: 51.9, ...partyRow(SELLER_ROWS, 1), w: +(PARTY_X + PARTY_W - 51.9).toFixed(1), sizePt: 10, minSizePt: 7 },
  sellerAddress: { x: PARTY_X, ...partyRow(SELLER_ROWS, 2), w: PARTY_W, ...PARTY },
  sellerBank: { x: PARTY_X, ...partyRow(SELLER_ROWS, 3), w: PARTY_W, ...PARTY },
  /** 备注: from its top, 2.5 mm right of the 密码区's column (where both measured programs start it). */
  remark: { x: 138.5, y: 100.8, w: 77.5, h: 18.2, sizePt: 9, minSizePt: 6, maxLines: 5, valign: 'top' },
  payee: { x: 35.7, y: 121.3, w: 28.8, h: 4.6, sizePt: 9 },
  reviewer: { x: 89.7, y: 121.3, w: 24.6, h: 4.6, sizePt: 9 },
  issuer: { x: 136.5, y: 121.3, w: 24.6, h: 4.6, sizePt: 9 },
} as const satisfies Record<string, BoxSpec>;
export type FieldName = keyof typeof FIELDS;

/**
 * The QR code (ewm) at the top left, where the billing software prints it: a 16.5 mm symbol 18 mm from
 * the left and 7.5 mm from the top (the programs measured: 16–18.5 mm, 16–19 mm from the left, 6–11 mm
 * from the top); its quiet zone ends left of the 机器编号 / 校验码 line and above the frame.
 */
export const QR_BOX = { x: 18.0, y: 7.5, size: 16.5 } as const;

/**
 * Form editions (chosen per printer with its calibration): the 航信-style 007 form carries 校验码 at the
 * top left; the 百望-style form carries 机器编号 there and 校验码 as the first line of 备注. The 004 face
 * has no 校验码: 机器编号 at the top left on both.
 */
export const FORM_EDITIONS = ['hx', 'bw'] as const;
export type FormEdition = (typeof FORM_EDITIONS)[number];
/** The common edition, used for a printer nobody has set. */
export const DEFAULT_EDITION: FormEdition = 'hx';

/** The ⊗ printed before the amount in words. */
export const WORDS_CROSS = { x: 70.6, y: 93.5, size: 3.4 } as const;

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
    caption('header.dateCaption', '开票日期：', { x: 163.0, y: 19.6, w: 20.0, h: 4.6 }),
    vertical('buyer.caption', '购买方', 15.6, 28.5, 9.0),
    ...party('buyer', BUYER_ROWS.top, BUYER_ROWS.pitch),
    vertical('cipher.caption', '密码区', 129.3, 28.5, 5.8),
    header('name', '货物或应税劳务、服务名称'),
    header('spec', '规格型号'),
    header('unit', '单位'),
    header('qty', '数量'),
    header('price', '单价'),
    header('amount', '金额'),
    header('rate', '税率'),
    header('tax', '税额'),
    caption('totals.caption', '合　　计', { x: 15.6, y: 86.6, w: 50.8, h: 3.4, align: 'center' }),
    caption('totals.wordsCaption', '价税合计（大写）', { x: 15.6, y: 92.6, w: 50.8, h: 5.2, align: 'center' }),
    caption('totals.figuresCaption', '（小写）', { x: 163.5, y: 92.6, w: 15.0, h: 5.2 }),
    vertical('seller.caption', '销售方', 15.6, 101.0, 9.0),
    ...party('seller', SELLER_ROWS.top, SELLER_ROWS.pitch),
    vertical('remark.caption', '备注', 129.6, 101.0, 5.8),
    caption('footer.payeeCaption', '收款人：', { x: 20.5, y: 121.3, w: 15.0, h: 4.6 }),
    caption('footer.reviewerCaption', '复核：', { x: 76.2, y: 121.3, w: 13.0, h: 4.6 }),
    caption('footer.issuerCaption', '开票人：', { x: 121.0, y: 121.3, w: 15.0, h: 4.6 }),
    caption('footer.sealCaption', '销售方：（章）', { x: 165.0, y: 121.3, w: 45.0, h: 4.6 }),
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
