/**
 * POST /openApi/v4/fp/fpdy (spec endpoint 5): the face-print data of an issued paper invoice (004, 007)
 * of the calling seller. dylx 1 prints the list (销货清单) and exists only for an invoice with a list
 * (qdbz 1: more lines than the face holds). The printed amounts are those of the paper form: excluding
 * tax per line (je, dj) with the tax (se) beside them, so Σ je = hjje and Σ se = hjse.
 */
import Decimal from 'decimal.js';
import { unitPriceExcludingTax } from '../../shared/rules/invoice-amounts.js';
import { LINES_ON_INVOICE_FACE, type PrintInvoiceStatus } from '../../shared/spec/codes.js';
import { PrintRequest, type PrintResultWire } from '../../shared/spec/print.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointHandler } from '../context.js';
import { e1Success, failure, type SandboxReply } from '../envelope.js';
import { invoiceDocument, type InvoiceDocument } from '../output/invoice-document.js';
import { parseSellerRequest } from '../output/request-checks.js';
import { outputState } from '../output/state.js';
import type { OutputInvoice } from '../stores/output-invoices.js';

export const PRINT_MESSAGE = '打印数据获取成功';

/** fpzt from direction and voiding: 00/01 issued positive/negative, 03/04 voided issued positive/negative. */
export function printStatus(invoice: Pick<OutputInvoice, 'kplx' | 'zflx'>): PrintInvoiceStatus {
  if (invoice.zflx === '0') return '02';
  if (invoice.zflx === '1') return invoice.kplx === '1' ? '04' : '03';
  return invoice.kplx === '1' ? '01' : '00';
}

/** The 4-digit machine number of a terminal (deterministic; 0001 without a terminal identifier). */
function machineNumber(kpzdbs: string | null): string {
  if (!kpzdbs) return '0001';
  let hash = 0;
  for (const char of kpzdbs) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9999;
  return String(hash + 1).padStart(4, '0');
}

/** tspz on the print result: only the paper kinds exist there; any other kind prints as 00. */
function printedKind(tspz: string): string {
  return ['00', '01', '02', '08'].includes(tspz) ? tspz : '00';
}

/** zsfs from the lines' levy method: difference-based (lslbs 4) → 2, reduced-rate (6) → 1, else 0. */
function levyMethod(document: InvoiceDocument): string {
  if (document.lines.some((line) => line.lslbs === '4')) return '2';
  if (document.lines.some((line) => line.lslbs === '6')) return '1';
  return '0';
}

export function printResult(document: InvoiceDocument): PrintResultWire {
  const { invoice, request, totals, seller, buyer } = document;
  const kprq = invoice.kprq.replace(/[-T:]/g, '').slice(0, 14);
  return {
    fpdm: invoice.fpdm ?? '',
    fphm: invoice.fphm,
    kprq,
    jqbh: machineNumber(invoice.kpzdbs),
    xhdwsbh: seller.sbh,
    xhdwmc: seller.mc,
    xhdwdzdh: `${seller.dz} ${seller.dh}`.trim(),
    xhdwyhzh: `${seller.yh} ${seller.zh}`.trim(),
    ghdwsbh: buyer.sbh,
    ghdwmc: buyer.mc,
    ghdwdzdh: `${buyer.dz} ${buyer.dh}`.trim(),
    ghdwyhzh: `${buyer.yh} ${buyer.zh}`.trim(),
    zsfs: levyMethod(document),
    tspz: printedKind(request.tspz),
    hjje: totals.hjje,
    hjse: totals.hjse,
    jshj: totals.jshj,
    bz: request.bz ?? '',
    skr: request.skr ?? '',
    fhr: request.fhr ?? '',
    kpr: request.kpr,
    qdbz: document.lines.length > LINES_ON_INVOICE_FACE ? '1' : '0',
    skm: invoice.skm ?? '',
    jym: invoice.jym ?? '',
    ewm: document.qr,
    fpzt: printStatus(invoice),
    details: document.lines.map((line) => ({
      // Offset lines (3) have no print nature of their own; they print as normal lines.
      fphxz: line.fphxz === 1 || line.fphxz === 2 ? String(line.fphxz) : '0',
      spmc: line.spmc,
      ggxh: line.ggxh,
      dw: line.dw,
      spsl: line.spsl === undefined ? '' : new Decimal(line.spsl).toFixed(),
      dj: line.dj === undefined ? '' : unitPriceExcludingTax(line.dj, line.sl),
      // je − se, so Σ je = hjje also on a 差额征税 line, whose se is on je − kce.
      je: new Decimal(line.je).minus(line.se).toFixed(2),
      sl: new Decimal(line.sl).toFixed(2),
      se: line.se,
      lslbs: ['1', '2', '3'].includes(line.lslbs) ? line.lslbs : '',
    })),
  };
}

export const printInvoice: EndpointHandler = (request, context) => {
  const now = context.now();
  const refuse = (code: SandboxCode, detail?: string): SandboxReply => failure('E1', code, detail, now);
  const parsed = parseSellerRequest(request, PrintRequest);
  if (!parsed.ok) return refuse(parsed.refusal.code, parsed.refusal.detail);
  const body = parsed.body;
  const invoices = outputState(context.db).invoices;
  const invoice = invoices.byNumber(body.fplxdm, body.fpdm, body.fphm);
  const requestJson = invoice ? invoices.requestJson(invoice.lsh) : undefined;
  // Another seller's invoice is answered as unknown: a caller learns nothing about it.
  if (!invoice || invoice.sellerTaxNumber !== body.xhdwsbh || requestJson === undefined) {
    return refuse(SANDBOX_CODES.invoiceNotFound, `没有销方 ${body.xhdwsbh} 的 ${body.fplxdm} 类发票 代码 ${body.fpdm} 号码 ${body.fphm}`);
  }
  const result = printResult(invoiceDocument(invoice, requestJson));
  if (body.dylx === '1' && result.qdbz !== '1') {
    return refuse(SANDBOX_CODES.invoiceStateConflict, `发票 ${body.fphm} 没有销货清单（明细不超过 ${LINES_ON_INVOICE_FACE} 行），不能打印清单`);
  }
  return e1Success(result, PRINT_MESSAGE, now);
};
