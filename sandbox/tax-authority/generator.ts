/**
 * The seeded tax authority's invoices: a deterministic set of received invoices per buyer, drawn from one
 * seeded PRNG and the injected clock only (never Math.random or the host clock), so the same seed and the
 * same `now` give byte-identical data. The variety is what the input side has to cope with: five types,
 * list invoices with a hundred lines, red invoices, voided / red-reversed / out-of-control / abnormal ones,
 * management-status trouble, invoices already certified in earlier periods, invoices with main
 * information only, three years of issue dates.
 */
import Decimal from 'decimal.js';
import type { ReceivedInvoice, ReceivedInvoiceLine, ReceivedInvoiceType, VehicleDetails } from './types.js';
import { BRANDS, CAR_BRANDS, COMPANY_SUFFIXES, GOODS, INDUSTRIES, REGIONS, TOLL_GOODS, TOLL_OPERATORS, VEHICLE_KINDS, type Region } from './catalog.js';
import { DAY_MS, OVERDUE_AFTER_DAYS, compactDate, compactDateTime, startOfChinaDay, taxPeriodOf } from './china-time.js';
import { createPrng, type Prng } from './prng.js';
import { generateUscc } from './uscc.js';

export interface SeedBuyer {
  taxNumber: string;
  name: string;
}

export interface GenerationPlan {
  seed: number;
  /** The sandbox clock at seeding time: issue dates spread over the three years before it. */
  nowMs: number;
  /** Buyers in the order they are generated (the caller sorts them). */
  buyers: readonly SeedBuyer[];
  invoicesPerBuyer: number;
}

interface Party {
  name: string;
  taxNumber: string;
  /** address and phone */
  dzdh: string;
  /** bank and account */
  yhzh: string;
  region: Region;
  phone: string;
  bank: string;
}

const HALF_UP = Decimal.ROUND_HALF_UP;
const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const SELLER_POOL = 160;
const THREE_YEARS_DAYS = 3 * 365;

const TYPE_WEIGHTS: readonly (readonly [ReceivedInvoiceType, number])[] = [['01', 28], ['08', 20], ['31', 25], ['14', 20], ['03', 7]];
const STATUS_WEIGHTS: readonly (readonly [ReceivedInvoice['fpzt'], number])[] = [['0', 88], ['1', 2], ['2', 3], ['3', 4], ['4', 3]];
const MANAGEMENT_WEIGHTS: readonly (readonly [ReceivedInvoice['glzt'], number])[] = [['0', 94], ['1', 3], ['2', 3]];
const LINE_COUNT_WEIGHTS: readonly (readonly [number, number])[] = [[1, 35], [2, 25], [3, 15], [4, 10], [5, 6], [6, 4], [8, 3], [10, 2]];
const CERTIFICATION_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [['1', 90], ['4', 5], ['2', 3], ['3', 2]];

const money = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, HALF_UP).toFixed(2);
const fen = (value: number) => new Decimal(value).dividedBy(100).toFixed(2);

function companyParty(prng: Prng, name: string, region: Region): Party {
  const phone = `${region.phoneArea}-${prng.chars(DIGITS, 8)}`;
  const bank = region.bank;
  return {
    name,
    taxNumber: generateUscc(prng, region.division),
    dzdh: `${region.city}市${region.street}${prng.int(1, 999)}号 ${phone}`,
    yhzh: `${bank} ${prng.chars(DIGITS, prng.pick([16, 17, 19]))}`,
    region,
    phone,
    bank,
  };
}

/** Distinct sellers: ordinary companies first (drawn most often), then toll operators and car dealers. */
function generateSellers(prng: Prng) {
  const names = new Set<string>();
  const unique = (make: () => string): string => {
    for (;;) {
      const name = make();
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const general: Party[] = [];
  for (let i = 0; i < SELLER_POOL; i++) {
    const region = prng.pick(REGIONS);
    general.push(companyParty(prng, unique(() => `${region.city}${prng.pick(BRANDS)}${prng.pick(INDUSTRIES)}${prng.pick(COMPANY_SUFFIXES)}`), region));
  }
  const toll = TOLL_OPERATORS.map((road) => {
    const region = prng.pick(REGIONS);
    return companyParty(prng, unique(() => `${region.city}${road}有限公司`), region);
  });
  const dealers = CAR_BRANDS.map((car) => {
    const region = prng.pick(REGIONS);
    return companyParty(prng, unique(() => `${region.city}${prng.pick(BRANDS)}${car.brand}汽车销售服务有限公司`), region);
  });
  return { general, toll, dealers };
}

function buyerParty(prng: Prng, buyer: SeedBuyer): Party {
  const region = REGIONS[0] as Region;
  const party = companyParty(prng, buyer.name, region);
  return { ...party, taxNumber: buyer.taxNumber };
}

function goodsLines(prng: Prng, red: boolean): ReceivedInvoiceLine[] {
  // About one invoice in fifty carries a list (销货清单) of dozens of lines: the collection cap is about those.
  const count = prng.chance(0.02) ? prng.int(40, 120) : prng.weighted(LINE_COUNT_WEIGHTS);
  const sign = red ? -1 : 1;
  return Array.from({ length: count }, (_, index) => {
    const goods = prng.pick(GOODS);
    const priceFen = prng.int(goods.minFen, goods.maxFen);
    const quantity = goods.lumpSum ? null : prng.int(1, priceFen < 10_000 ? 200 : 20) * sign;
    const je = quantity === null ? new Decimal(priceFen * sign).dividedBy(100) : new Decimal(priceFen).times(quantity).dividedBy(100);
    return {
      xh: index + 1,
      spmc: `*${goods.spbmjc}*${goods.spmc}`,
      spbm: goods.spbm,
      spbmjc: goods.spbmjc,
      ggxh: goods.ggxh,
      dw: goods.dw,
      spsl: quantity === null ? '' : String(quantity),
      dj: quantity === null ? '' : fen(priceFen),
      je: money(je),
      sl: goods.sl,
      se: money(je.times(goods.sl).dividedBy(100)),
    };
  });
}

function tollLines(prng: Prng, region: Region, issuedMs: number, exempt: boolean): ReceivedInvoiceLine[] {
  const count = prng.weighted([[1, 50], [2, 25], [3, 12], [4, 8], [6, 5]] as const);
  const plate = `${region.plate}${prng.chars(UPPER + DIGITS, 5)}`;
  const kind = prng.pick(VEHICLE_KINDS);
  return Array.from({ length: count }, (_, index) => {
    const from = issuedMs - prng.int(1, 3 * 24 * 60) * 60_000;
    const je = new Decimal(prng.int(1_000, 50_000)).dividedBy(100);
    const sl = exempt ? '0' : '3';
    return {
      xh: index + 1,
      spmc: `*${TOLL_GOODS.spbmjc}*${TOLL_GOODS.spmc}`,
      spbm: TOLL_GOODS.spbm,
      spbmjc: TOLL_GOODS.spbmjc,
      ggxh: '',
      dw: '',
      spsl: '',
      dj: '',
      je: money(je),
      sl,
      se: money(je.times(sl).dividedBy(100)),
      cph: plate,
      lx: kind,
      txsjq: compactDateTime(from),
      txsjz: compactDateTime(from + prng.int(20, 240) * 60_000),
    };
  });
}

function vehicleDetails(prng: Prng, buyer: Party, seller: Party): VehicleDetails {
  const car = prng.pick(CAR_BRANDS);
  return {
    cllx: car.type,
    cpxh: car.model,
    cd: car.origin,
    hgzs: `W${prng.chars(VIN, 14)}`,
    fdjhm: `${prng.chars(UPPER, 3)}${prng.chars(DIGITS, 6)}`,
    clsbh: `L${prng.chars(VIN, 16)}`,
    sl: '13',
    gfsfhm: buyer.taxNumber,
    jkzmsh: '',
    sjdh: prng.chars(DIGITS, 15),
    xfdh: seller.phone,
    xfkhyh: seller.bank,
    zgswjgdm: `1${seller.region.division}0000`,
    zgswjgmc: `国家税务总局${seller.region.city}市税务局`,
    wspzhm: '',
    dw: '',
    xcrs: car.type === '载货汽车' ? '3' : '5',
  };
}

/** Per-type numbering: codes of the usual shapes, numbers from a per-type counter so (FPDM, FPHM) is unique. */
function createNumbering(prng: Prng) {
  const counters = new Map<ReceivedInvoiceType, number>();
  const tags: Record<ReceivedInvoiceType, string> = { '01': '11', '03': '17', '08': '13', '14': '12', '31': '' };
  return (type: ReceivedInvoiceType, region: Region, issuedMs: number): { fpdm: string; fphm: string } => {
    const next = (counters.get(type) ?? prng.int(1_000_000, 40_000_000)) + prng.int(1, 3);
    counters.set(type, next);
    const yy = compactDate(issuedMs).slice(2, 4);
    if (type === '31') return { fpdm: '', fphm: `${yy}${region.division.slice(0, 2)}1${String(next).padStart(15, '0')}` };
    if (type === '01') return { fpdm: `${region.codeRegion}${yy}${prng.int(1, 9)}${tags[type]}3`, fphm: String(next).padStart(8, '0') };
    return { fpdm: `0${region.codeRegion}${yy}${String(prng.int(1, 99)).padStart(2, '0')}${tags[type]}0`, fphm: String(next).padStart(8, '0') };
  };
}

export function generateReceivedInvoices(plan: GenerationPlan): ReceivedInvoice[] {
  const prng = createPrng(plan.seed);
  const sellers = generateSellers(prng);
  const numbering = createNumbering(prng);
  const today = startOfChinaDay(plan.nowMs);
  const invoices: ReceivedInvoice[] = [];

  for (const seedBuyer of plan.buyers) {
    const buyer = buyerParty(prng, seedBuyer);
    for (let i = 0; i < plan.invoicesPerBuyer; i++) {
      const type = prng.weighted(TYPE_WEIGHTS);
      // A few favourite suppliers account for most invoices, as in a real ledger.
      const seller =
        type === '14' ? prng.pick(sellers.toll) : type === '03' ? prng.pick(sellers.dealers) : prng.pick(prng.chance(0.6) ? sellers.general.slice(0, 25) : sellers.general);
      // Issued at least two days ago, so the collection date (a day or more later) is still in the past.
      const ageDays = prng.int(2, THREE_YEARS_DAYS);
      const issuedMs = today - ageDays * DAY_MS + prng.int(8 * 3600, 19 * 3600) * 1000;
      const red = (type === '01' || type === '08' || type === '31') && prng.chance(0.03);
      const fpzt = red ? '0' : prng.weighted(STATUS_WEIGHTS);
      const glzt = prng.weighted(MANAGEMENT_WEIGHTS);
      const tollExempt = type === '14' && prng.chance(0.15);

      let lines: ReceivedInvoiceLine[] = [];
      let vehicle: VehicleDetails | undefined;
      let hjje: string;
      let se: string;
      if (type === '03') {
        vehicle = vehicleDetails(prng, buyer, seller);
        const total = new Decimal(prng.int(80_000, 450_000));
        se = money(total.times(13).dividedBy(113));
        hjje = money(total.minus(se));
      } else {
        lines = type === '14' ? tollLines(prng, seller.region, issuedMs, tollExempt) : goodsLines(prng, red);
        hjje = money(lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0)));
        se = money(lines.reduce((sum, line) => sum.plus(line.se), new Decimal(0)));
      }
      const hasDetails = prng.chance(0.9);
      const { fpdm, fphm } = numbering(type, seller.region, issuedMs);

      // Older invoices have mostly been certified already; recent ones mostly wait for the clerk.
      const certifiable = fpzt === '0' && glzt === '0' && !red;
      const certified = certifiable && prng.chance(ageDays > 90 ? 0.8 : 0.35);
      const certifiedMs = certified ? issuedMs + prng.int(1, Math.min(ageDays - 1, 60)) * DAY_MS : 0;
      const rzlx = certified ? prng.weighted(CERTIFICATION_TYPE_WEIGHTS) : null;
      const collectedMs = Math.min(issuedMs + DAY_MS + prng.int(0, prng.chance(0.05) ? 90 * 86_400 : 9 * 86_400) * 1000, plan.nowMs - 60_000);

      invoices.push({
        fplxdm: type,
        fpdm,
        fphm,
        kprq: compactDate(issuedMs),
        gmfmc: buyer.name,
        gmfsbh: buyer.taxNumber,
        gmfdzdh: buyer.dzdh,
        gmfyhzh: buyer.yhzh,
        xhfmc: seller.name,
        xhfsbh: seller.taxNumber,
        xhfdzdh: seller.dzdh,
        xhfyhzh: seller.yhzh,
        hjje,
        se,
        jshj: money(new Decimal(hjje).plus(se)),
        bz: red ? `对应正数发票代码:${fpdm || '无'}号码:${prng.chars(DIGITS, 8)}` : prng.chance(0.2) ? `合同编号 HT-${prng.chars(DIGITS, 8)}` : '',
        jym: prng.chars(DIGITS, 20),
        fpzt,
        glzt,
        rzzt: certified ? '1' : '0',
        rzrq: certified ? compactDate(certifiedMs) : null,
        rzsq: certified ? taxPeriodOf(certifiedMs) : null,
        rzlx,
        yxse: rzlx === '1' || rzlx === '4' ? se : null,
        xxly: certified ? prng.weighted([['1', 85], ['0', 15]] as const) : '',
        yqkgxbz: !certified && ageDays > OVERDUE_AFTER_DAYS && prng.chance(0.1) ? '1' : '0',
        sfdbts: rzlx === '3' ? '1' : '0',
        txfbz: type === '14' ? (tollExempt ? 'N' : 'Y') : '',
        lslbz: tollExempt ? '1' : '',
        collectedAt: compactDateTime(collectedMs),
        hasDetails,
        lines: hasDetails ? lines : [],
        ...(vehicle ? { vehicle } : {}),
      });
    }
  }
  return invoices;
}
