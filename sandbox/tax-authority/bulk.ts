/**
 * Many alike received invoices for one buyer, made on request of the test-only control API
 * (`POST /sandbox/control/received-invoices/bulk`): the collection benchmark needs tens of thousands of
 * type-01 invoices with a fixed number of lines, which the seeded generator (varied types and line
 * counts) does not give. Issued today, collected an hour ago, normal and not certified.
 */
import { compactDate, compactDateTime } from './china-time.js';
import type { ReceivedInvoice } from './types.js';

export interface BulkRequest {
  buyer: string;
  buyerName: string;
  count: number;
  lines: number;
  /** Number of the first invoice (FPHM); later calls continue where an earlier one stopped. */
  first: number;
}

export function bulkInvoices(request: BulkRequest, nowMs: number): ReceivedInvoice[] {
  const collectedAt = compactDateTime(nowMs - 3_600_000);
  const kprq = compactDate(nowMs - 3_600_000);
  return Array.from({ length: request.count }, (_, index) => {
    const i = request.first + index;
    return {
      fplxdm: '01',
      fpdm: `31002${String(611 + (i % 300)).padStart(3, '0')}30`,
      fphm: String(i).padStart(8, '0'),
      kprq,
      gmfmc: request.buyerName,
      gmfsbh: request.buyer,
      gmfdzdh: '上海市浦东新区 021-12345678',
      gmfyhzh: '招商银行上海分行 121212121212',
      xhfmc: `供应商${i % 997}有限公司`,
      xhfsbh: `91330100MA${String(i % 997).padStart(7, '0')}X`,
      xhfdzdh: '杭州市西湖区 0571-88888888',
      xhfyhzh: '工商银行杭州分行 1202020202',
      hjje: (100 * request.lines).toFixed(2),
      se: (13 * request.lines).toFixed(2),
      jshj: (113 * request.lines).toFixed(2),
      bz: '',
      jym: String(i).padStart(20, '0'),
      fpzt: '0',
      glzt: '0',
      rzzt: '0',
      rzrq: null,
      rzsq: null,
      rzlx: null,
      yxse: null,
      collectedAt,
      hasDetails: true,
      lines: Array.from({ length: request.lines }, (_, l) => ({
        xh: l + 1,
        spmc: `*办公用品*打印纸${l}`,
        spbm: '1060201070000000000',
        spbmjc: '办公用品',
        ggxh: 'A4',
        dw: '箱',
        spsl: '1',
        dj: '100.00',
        je: '100.00',
        sl: '13',
        se: '13.00',
      })),
    };
  });
}
