/**
 * Collected records (special, motor-vehicle, toll, main information) as the rows the ledger keeps: one
 * mapping per layout. Main-information records carry no lines (null: the lines already held are kept);
 * the whole record is kept as JSON for the fields without a column.
 */
import Decimal from 'decimal.js';
import type { CollectedInvoiceRecord, MainInformationRecord } from '../../../shared/spec/collection.js';
import type { CollectedInvoice, CollectedLine } from './store.js';

const lineOf = (line: { [K in 'XH' | 'SPMC' | 'SPBM' | 'GGXH' | 'DW' | 'SPSL' | 'DJ' | 'JE' | 'SL' | 'SE']?: string | undefined }, index: number): CollectedLine => ({
  XH: /^\d{1,6}$/.test(line.XH ?? '') ? Number(line.XH) : index + 1,
  SPMC: line.SPMC ?? null,
  SPBM: line.SPBM ?? null,
  GGXH: line.GGXH ?? null,
  DW: line.DW ?? null,
  SPSL: line.SPSL ?? null,
  DJ: line.DJ ?? null,
  JE: line.JE ?? null,
  SL: line.SL ?? null,
  SE: line.SE ?? null,
});

/** The fields every collected layout shares (special, motor-vehicle, toll and main information). */
type SharedFields = 'FPLXDM' | 'FPHM' | 'GLZT' | 'DQSKSSQ' | 'GXJZR' | 'GXRQQ' | 'GXRQZ';
type OptionalShared = 'FPDM' | 'KPRQ' | 'GMFSBH' | 'XHFMC' | 'XHFSBH' | 'SE' | 'FPZT' | 'RZZT' | 'RZRQ' | 'RZSQ' | 'RZLX' | 'YXSE';
type SharedRecord = { [K in SharedFields]: string } & { [K in OptionalShared]?: string | undefined };

/** One ledger row from any layout: the shared fields (absent ones null), then what the layout adds. */
function toRow(record: SharedRecord, own: Partial<CollectedInvoice> & Pick<CollectedInvoice, 'lines'>): CollectedInvoice {
  return {
    FPLXDM: record.FPLXDM,
    FPDM: record.FPDM ?? null,
    FPHM: record.FPHM,
    KPRQ: record.KPRQ ?? null,
    DQSKSSQ: record.DQSKSSQ,
    GXJZR: record.GXJZR,
    GXRQQ: record.GXRQQ,
    GXRQZ: record.GXRQZ,
    GMFSBH: record.GMFSBH ?? null,
    XHFMC: record.XHFMC ?? null,
    XHFSBH: record.XHFSBH ?? null,
    SE: record.SE ?? null,
    FPZT: record.FPZT ?? null,
    RZZT: record.RZZT ?? null,
    RZRQ: record.RZRQ ?? null,
    RZSQ: record.RZSQ ?? null,
    RZLX: record.RZLX ?? null,
    GLZT: record.GLZT,
    YXSE: record.YXSE ?? null,
    recordJson: JSON.stringify(record),
    ...own,
  };
}

export function fromCollected(record: CollectedInvoiceRecord): CollectedInvoice {
  const buyer = { GMFMC: record.GMFMC ?? null, JSHJ: record.JSHJ ?? null };
  if (record.FPLXDM === '03') {
    // The motor-vehicle record has no amount excluding tax: total minus tax, when both are there.
    const hjje = record.JSHJ && record.SE && /^-?\d+(\.\d+)?$/.test(record.JSHJ) && /^-?\d+(\.\d+)?$/.test(record.SE) ? minus(record.JSHJ, record.SE) : null;
    return toRow(record, { ...buyer, HJJE: hjje, BZ: null, lines: [] });
  }
  return toRow(record, { ...buyer, HJJE: record.HJJE ?? null, BZ: record.BZ ?? null, lines: record.MXXX.map((line, index) => lineOf(line, index)) });
}

/** Main information: no lines (null keeps the lines already held), no buyer name, total or remark. */
export function fromMainInformation(record: MainInformationRecord): CollectedInvoice {
  return toRow(record, { HJJE: record.HJJE ?? null, lines: null });
}

/** a − b for 2-decimal amounts (decimal arithmetic, as all money in the app). */
function minus(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed(2);
}
