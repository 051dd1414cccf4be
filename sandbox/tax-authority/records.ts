/**
 * Received invoices as the collection operations write them: the special record (01, 08, 31), the toll
 * record (14), the motor-vehicle record (03) and the main-information record, each field in the order of
 * the spec's table and every field present ('' when there is no value), so a layout never changes shape.
 */
import type { z } from 'zod';
import type { MainInformationRecord, MotorVehicleRecord, SpecialInvoiceRecord, TollInvoiceRecord } from '../../shared/spec/collection.js';
import type { SelectionWindow } from './china-time.js';
import type { ReceivedInvoice, ReceivedInvoiceLine } from './types.js';

type SpecialWire = z.input<typeof SpecialInvoiceRecord>;
type TollWire = z.input<typeof TollInvoiceRecord>;
type VehicleWire = z.input<typeof MotorVehicleRecord>;
type MainWire = z.input<typeof MainInformationRecord>;
export type CollectedRecordWire = SpecialWire | TollWire | VehicleWire;

/** YXSE is non-empty only when RZLX is 1 or 4 (spec). */
function validTax(invoice: ReceivedInvoice): string {
  return invoice.rzlx === '1' || invoice.rzlx === '4' ? (invoice.yxse ?? '') : '';
}

function certification(invoice: ReceivedInvoice) {
  return {
    RZZT: invoice.rzzt,
    RZRQ: invoice.rzrq ?? '',
    RZSQ: invoice.rzsq ?? '',
    SFDBTS: (invoice.sfdbts ?? '0') as '0' | '1',
    RZLX: (invoice.rzlx ?? '') as '' | '0' | '1' | '2' | '3' | '4',
  };
}

function trailing(invoice: ReceivedInvoice) {
  return {
    XXLY: (invoice.xxly ?? '') as '' | '0' | '1' | '2',
    YXSE: validTax(invoice),
    YQKGXBZ: (invoice.yqkgxbz ?? '0') as '0' | '1',
    GLZT: invoice.glzt,
  };
}

function specialHeader(invoice: ReceivedInvoice, window: SelectionWindow) {
  const toll = invoice.fplxdm === '14';
  return {
    FPDM: invoice.fpdm,
    FPHM: invoice.fphm,
    ...window,
    FPLXDM: invoice.fplxdm,
    GMFMC: invoice.gmfmc,
    GMFSBH: invoice.gmfsbh,
    GMFDZDH: invoice.gmfdzdh,
    GMFYHZH: invoice.gmfyhzh,
    XHFMC: invoice.xhfmc,
    XHFSBH: invoice.xhfsbh,
    XHFDZDH: invoice.xhfdzdh,
    XHFYHZH: invoice.xhfyhzh,
    KPRQ: invoice.kprq,
    HJJE: invoice.hjje,
    SE: invoice.se,
    JSHJ: invoice.jshj,
    BZ: invoice.bz,
    FPZT: invoice.fpzt,
    ...certification(invoice),
    // The toll-invoice fields stay empty on special invoices: they have no check code or toll flags.
    JYM: toll ? invoice.jym : '',
    TXFBZ: (toll ? (invoice.txfbz ?? '') : '') as '' | 'Y' | 'N',
    LSLBZ: (toll ? (invoice.lslbz ?? '') : '') as '' | '1' | '2' | '3',
    ...trailing(invoice),
  };
}

function goodsLine(line: ReceivedInvoiceLine) {
  return {
    XH: String(line.xh),
    SPMC: line.spmc,
    SPBM: line.spbm,
    SPBMJC: line.spbmjc,
    GGXH: line.ggxh,
    DW: line.dw,
    SPSL: line.spsl,
    DJ: line.dj,
    JE: line.je,
    SL: line.sl,
    SE: line.se,
  };
}

function tollLine(line: ReceivedInvoiceLine) {
  return {
    XH: String(line.xh),
    SPMC: line.spmc,
    SPBM: line.spbm,
    SPBMJC: line.spbmjc,
    CPH: line.cph ?? '',
    LX: line.lx ?? '',
    TXSJQ: line.txsjq ?? '',
    TXSJZ: line.txsjz ?? '',
    JE: line.je,
    SL: line.sl,
    SE: line.se,
    GGXH: line.ggxh,
    DW: line.dw,
    SPSL: line.spsl,
    DJ: line.dj,
  };
}

function motorVehicleRecord(invoice: ReceivedInvoice, window: SelectionWindow): VehicleWire {
  const vehicle = invoice.vehicle;
  return {
    FPDM: invoice.fpdm,
    FPHM: invoice.fphm,
    ...window,
    FPLXDM: '03',
    GMFMC: invoice.gmfmc,
    KPRQ: invoice.kprq,
    GFSFHM: vehicle?.gfsfhm ?? '',
    GMFSBH: invoice.gmfsbh,
    CLLX: vehicle?.cllx ?? '',
    CPXH: vehicle?.cpxh ?? '',
    CD: vehicle?.cd ?? '',
    HGZS: vehicle?.hgzs ?? '',
    JKZMSH: vehicle?.jkzmsh ?? '',
    SJDH: vehicle?.sjdh ?? '',
    FDJHM: vehicle?.fdjhm ?? '',
    CLSBH: vehicle?.clsbh ?? '',
    // Open point 5: of the two same-named fields, JSHJ carries the total including tax and RZRQ the certification date.
    JSHJ: invoice.jshj,
    XHFMC: invoice.xhfmc,
    XFDH: vehicle?.xfdh ?? '',
    XHFSBH: invoice.xhfsbh,
    XHFYHZH: invoice.xhfyhzh,
    XHFDZDH: invoice.xhfdzdh,
    XFKHYH: vehicle?.xfkhyh ?? '',
    SL: vehicle?.sl ?? '',
    SE: invoice.se,
    ZGSWJGDM: vehicle?.zgswjgdm ?? '',
    ZGSWJGMC: vehicle?.zgswjgmc ?? '',
    WSPZHM: vehicle?.wspzhm ?? '',
    DW: vehicle?.dw ?? '',
    XCRS: vehicle?.xcrs ?? '',
    SFYGX: invoice.rzzt === '1' ? '1' : '0',
    FPZT: invoice.fpzt,
    ...certification(invoice),
    ...trailing(invoice),
  };
}

/** The record of endpoint 3, laid out by the invoice's FPLXDM. */
export function collectedRecord(invoice: ReceivedInvoice, window: SelectionWindow): CollectedRecordWire {
  if (invoice.fplxdm === '03') return motorVehicleRecord(invoice, window);
  if (invoice.fplxdm === '14') return { ...specialHeader(invoice, window), FPLXDM: '14', MXXX: invoice.lines.map(tollLine) };
  return { ...specialHeader(invoice, window), FPLXDM: invoice.fplxdm, MXXX: invoice.lines.map(goodsLine) };
}

/** The record of endpoint 6. */
export function mainInformationRecord(invoice: ReceivedInvoice, window: SelectionWindow): MainWire {
  return {
    FPDM: invoice.fpdm,
    FPHM: invoice.fphm,
    ...window,
    FPLXDM: invoice.fplxdm,
    GMFSBH: invoice.gmfsbh,
    XHFMC: invoice.xhfmc,
    XHFSBH: invoice.xhfsbh,
    KPRQ: invoice.kprq,
    HJJE: invoice.hjje,
    SE: invoice.se,
    FPZT: invoice.fpzt,
    ...certification(invoice),
    JYM: invoice.fplxdm === '14' ? invoice.jym : '',
    ...trailing(invoice),
  };
}
