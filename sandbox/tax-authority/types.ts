/**
 * The sandbox's "tax authority": the received (input) invoices of the enterprises it knows, which the
 * collection, certification and verification endpoints all read. This file is the contract between the
 * module that seeds and stores them (generator.ts, ../stores/tax-authority.ts) and the endpoints.
 *
 * Field names follow the collection record of the spec (upper-case wire names, lower-cased here only
 * where noted); money is decimal text, dates are the spec's compact formats.
 */

/** Collection FPLXDM: 01 special, 03 motor vehicle, 08 electronic special, 14 toll electronic, 31 electronic invoice (special). */
export type ReceivedInvoiceType = '01' | '03' | '08' | '14' | '31';

export interface ReceivedInvoiceLine {
  /** XH: line number, from 1 */
  xh: number;
  spmc: string;
  spbm: string;
  spbmjc: string;
  ggxh: string;
  dw: string;
  /** quantity, decimal text ('' for a discount or service line without quantity) */
  spsl: string;
  /** unit price excluding tax */
  dj: string;
  /** amount excluding tax, 2 dp */
  je: string;
  /** rate as a percentage number without '%', e.g. '13' */
  sl: string;
  /** tax, 2 dp */
  se: string;
  /** toll invoices (14) only: plate, vehicle type, pass time from/to */
  cph?: string;
  lx?: string;
  txsjq?: string;
  txsjz?: string;
}

/** Motor-vehicle specifics (FPLXDM 03). */
export interface VehicleDetails {
  cllx: string;
  cpxh: string;
  cd: string;
  hgzs: string;
  fdjhm: string;
  clsbh: string;
  /** rate as a percentage number, e.g. '13' */
  sl: string;
  /** Added by the seeded tax authority (the rest of the motor-vehicle record); '' when unknown. */
  gfsfhm?: string;
  jkzmsh?: string;
  sjdh?: string;
  xfdh?: string;
  xfkhyh?: string;
  zgswjgdm?: string;
  zgswjgmc?: string;
  wspzhm?: string;
  /** tonnage */
  dw?: string;
  /** passenger limit */
  xcrs?: string;
}

export interface ReceivedInvoice {
  fplxdm: ReceivedInvoiceType;
  /** FPDM: 10 or 12 digits; '' for fully digital invoices (31) */
  fpdm: string;
  /** FPHM: 8 digits (20 for 31) */
  fphm: string;
  /** KPRQ: yyyyMMdd */
  kprq: string;
  gmfmc: string;
  gmfsbh: string;
  gmfdzdh: string;
  gmfyhzh: string;
  xhfmc: string;
  xhfsbh: string;
  xhfdzdh: string;
  xhfyhzh: string;
  /** HJJE: amount excluding tax, 2 dp */
  hjje: string;
  /** SE: tax, 2 dp */
  se: string;
  /** JSHJ: total including tax, 2 dp */
  jshj: string;
  bz: string;
  /** check code, 20 digits */
  jym: string;
  /** FPZT: 0 normal, 1 out of control, 2 voided, 3 red-reversed, 4 abnormal */
  fpzt: '0' | '1' | '2' | '3' | '4';
  /** GLZT: 0 normal, 1 abnormal, 2 suspected irregular */
  glzt: '0' | '1' | '2';
  /** RZZT: 0 not certified, 1 certified */
  rzzt: '0' | '1';
  /** RZRQ yyyyMMdd, RZSQ yyyyMM, RZLX 0–4, YXSE: set once certified */
  rzrq: string | null;
  rzsq: string | null;
  rzlx: string | null;
  yxse: string | null;
  /** XXLY: where the certification information came from (0 scan, 1 system push, 2 export); '' while uncertified. */
  xxly?: string;
  /** YQKGXBZ: 1 when the invoice may still be selected although overdue; default 0. */
  yqkgxbz?: string;
  /** SFDBTS: refund handled by an agent, 0/1. */
  sfdbts?: string;
  /** Toll invoices (14): TXFBZ Y deductible / N not, LSLBZ '' non-zero rate, 1 exempt, 2 not levied, 3 zero rate. */
  txfbz?: string;
  lslbz?: string;
  /** When the platform collected it from the tax authority, yyyyMMddHHmmss: what collection date ranges match. */
  collectedAt: string;
  /** false: only main information exists (details not completed, or verification abnormal). */
  hasDetails: boolean;
  lines: ReceivedInvoiceLine[];
  vehicle?: VehicleDetails;
}

/** What the endpoints need from the tax authority's store (implemented in ../stores/tax-authority.ts). */
export interface TaxAuthorityReader {
  /** One invoice by code and number; fpdm '' finds fully digital invoices by number alone. */
  findInvoice(fpdm: string, fphm: string): ReceivedInvoice | undefined;
}
