/**
 * The goods list (销货清单: 销售货物或者提供应税劳务、服务清单) printed on plain A4 portrait when an
 * invoice has more lines than its face holds (qdbz 1). Laid out after the list the tax-control systems
 * print: a header block naming buyer, seller and the invoice it belongs to, the lines in a table, a 小计
 * (page subtotal) row on every page and a 总计 row on the last, then 备注 and the seller's seal line.
 *
 * Ten lines a page: each row is tall enough for a product name wrapped to three lines (names of up to
 * 100 characters are common in the product catalogue), and a list stays readable on a laser printer.
 */
import type { BoxSpec } from '../page.js';

export const LIST_WIDTH_MM = 210;
export const LIST_HEIGHT_MM = 297;
export const LIST_ROWS_PER_PAGE = 10;

export const LIST_COLUMNS = {
  index: { x: 15.0, w: 10.0, caption: '序号' },
  name: { x: 25.0, w: 50.0, caption: '货物（劳务）名称' },
  spec: { x: 75.0, w: 22.0, caption: '规格型号' },
  unit: { x: 97.0, w: 12.0, caption: '单位' },
  qty: { x: 109.0, w: 18.0, caption: '数量' },
  price: { x: 127.0, w: 20.0, caption: '单价' },
  amount: { x: 147.0, w: 21.0, caption: '金额' },
  rate: { x: 168.0, w: 10.0, caption: '税率' },
  tax: { x: 178.0, w: 17.0, caption: '税额' },
} as const;
export type ListColumn = keyof typeof LIST_COLUMNS;

export const LIST_TABLE = { left: 15.0, right: 195.0, headerTop: 46.0, rowsTop: 54.0, rowHeight: 14.0 } as const;
/** Bottom of the last line row; the 小计 and 总计 rows follow. */
export const LIST_ROWS_BOTTOM = LIST_TABLE.rowsTop + LIST_ROWS_PER_PAGE * LIST_TABLE.rowHeight;
export const SUBTOTAL_TOP = LIST_ROWS_BOTTOM;
export const TOTAL_TOP = LIST_ROWS_BOTTOM + 8;
export const SUMMARY_ROW_HEIGHT = 8;

const INSET = 0.5;

/** A cell of the table: row 0…9 of the page, or 'subtotal' / 'total'. */
export function listCell(row: number | 'subtotal' | 'total', column: ListColumn): BoxSpec {
  const col = LIST_COLUMNS[column];
  const top = row === 'subtotal' ? SUBTOTAL_TOP : row === 'total' ? TOTAL_TOP : LIST_TABLE.rowsTop + row * LIST_TABLE.rowHeight;
  const height = typeof row === 'number' ? LIST_TABLE.rowHeight : SUMMARY_ROW_HEIGHT;
  const numeric = column === 'qty' || column === 'price' || column === 'amount' || column === 'rate' || column === 'tax';
  return {
    x: col.x + INSET,
    y: top + INSET,
    w: col.w - 2 * INSET,
    h: height - 2 * INSET,
    sizePt: 9,
    minSizePt: 6,
    maxLines: column === 'name' || column === 'spec' ? 3 : 1,
    align: numeric ? 'right' : column === 'index' || column === 'unit' ? 'center' : 'left',
  };
}

export const LIST_FIELDS = {
  title: { x: 15.0, y: 12.0, w: 180.0, h: 10.0, sizePt: 16, align: 'center' },
  buyerCaption: { x: 15.0, y: 26.0, w: 26.0, h: 5.0 },
  buyerName: { x: 41.0, y: 26.0, w: 154.0, h: 5.0, minSizePt: 6 },
  sellerCaption: { x: 15.0, y: 32.0, w: 26.0, h: 5.0 },
  sellerName: { x: 41.0, y: 32.0, w: 154.0, h: 5.0, minSizePt: 6 },
  invoiceCaption: { x: 15.0, y: 38.0, w: 48.0, h: 5.0 },
  invoiceCode: { x: 63.0, y: 38.0, w: 30.0, h: 5.0 },
  numberCaption: { x: 94.0, y: 38.0, w: 10.0, h: 5.0 },
  invoiceNumber: { x: 104.0, y: 38.0, w: 25.0, h: 5.0 },
  pageOf: { x: 150.0, y: 38.0, w: 45.0, h: 5.0, align: 'right' },
  remarkCaption: { x: 15.0, y: TOTAL_TOP + SUMMARY_ROW_HEIGHT + 2, w: 12.0, h: 5.0 },
  remark: { x: 27.0, y: TOTAL_TOP + SUMMARY_ROW_HEIGHT + 2, w: 168.0, h: 14.0, maxLines: 3, minSizePt: 6 },
  sealCaption: { x: 15.0, y: TOTAL_TOP + SUMMARY_ROW_HEIGHT + 20, w: 60.0, h: 5.0 },
  dateCaption: { x: 120.0, y: TOTAL_TOP + SUMMARY_ROW_HEIGHT + 20, w: 75.0, h: 5.0 },
} as const satisfies Record<string, BoxSpec>;
