/**
 * Seeding the tax authority at sandbox start (`startSandbox({ seed })`): once per database. A restart
 * with the same seed keeps the data (and everything certified since); a different seed is refused,
 * because silently mixing two generations would make "the same seed gives the same data" a lie.
 */
import type { Db } from '../database.js';
import { generateReceivedInvoices, type SeedBuyer } from './generator.js';
import { inputStoresFor } from './input-stores.js';

/** Received invoices generated per buyer unless the sandbox is told otherwise. */
export const DEFAULT_SEED_INVOICES_PER_BUYER = 5000;

export class TaxAuthoritySeedMismatchError extends Error {
  constructor(
    readonly storedSeed: number,
    readonly requestedSeed: number,
  ) {
    super(
      `沙箱数据库已用种子 ${storedSeed} 生成税局数据，不能改用种子 ${requestedSeed}；请使用原种子或换一个数据目录。` +
        ` (the sandbox database was seeded with ${storedSeed}; refusing seed ${requestedSeed}: use the same seed or another data folder)`,
    );
    this.name = 'TaxAuthoritySeedMismatchError';
  }
}

export interface SeedOptions {
  seed: number;
  /** The sandbox clock now: issue dates spread over the three years before it. */
  nowMs: number;
  /** The buyers of the received invoices; duplicates (by tax number) are dropped, the first name wins. */
  buyers: readonly SeedBuyer[];
  invoicesPerBuyer?: number;
}

export interface SeedOutcome {
  /** false when the database already held this seed's data. */
  seeded: boolean;
  invoices: number;
}

export function seedTaxAuthority(db: Db, options: SeedOptions): SeedOutcome {
  const { taxAuthority } = inputStoresFor(db);
  const existing = taxAuthority.seedRecord();
  if (existing) {
    if (existing.seed !== options.seed) throw new TaxAuthoritySeedMismatchError(existing.seed, options.seed);
    return { seeded: false, invoices: taxAuthority.count() };
  }
  const seen = new Set<string>();
  const buyers = options.buyers.filter((buyer) => !seen.has(buyer.taxNumber) && seen.add(buyer.taxNumber));
  const invoicesPerBuyer = options.invoicesPerBuyer ?? DEFAULT_SEED_INVOICES_PER_BUYER;
  const invoices = generateReceivedInvoices({ seed: options.seed, nowMs: options.nowMs, buyers, invoicesPerBuyer });
  taxAuthority.seed({ seed: options.seed, nowMs: options.nowMs, invoicesPerBuyer, buyers: buyers.map((buyer) => buyer.taxNumber) }, invoices);
  return { seeded: true, invoices: invoices.length };
}

/** Received invoices given to an enterprise initialised later: fewer than a seeded buyer's, enough to collect and certify. */
export const LATER_BUYER_INVOICES = 300;

/**
 * A seeded tax authority knows every enterprise: one initialised through the agency endpoints gets its
 * own received invoices, generated from the seed and its tax number (so the same seed and enterprise give
 * the same invoices). Nothing happens without a seed or when the buyer already has invoices.
 */
export function seedLaterBuyer(db: Db, buyer: SeedBuyer, nowMs: number): number {
  const { taxAuthority } = inputStoresFor(db);
  const record = taxAuthority.seedRecord();
  if (!record || record.buyers.includes(buyer.taxNumber) || taxAuthority.listInvoices(buyer.taxNumber).length > 0) return 0;
  let hash = record.seed;
  for (const char of buyer.taxNumber) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  const invoices = generateReceivedInvoices({ seed: hash >>> 0, nowMs, buyers: [buyer], invoicesPerBuyer: Math.min(record.invoicesPerBuyer, LATER_BUYER_INVOICES) });
  return taxAuthority.addInvoices(invoices);
}
