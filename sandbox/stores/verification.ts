/** SQL of single verification: the log the daily per-invoice limit is counted from. */
import type { Db } from '../database.js';

export interface VerificationEntry {
  appKey: string;
  fpzl: string;
  fpdm: string;
  fphm: string;
  /** yyyyMMdd in China. */
  chinaDay: string;
  cyjg: string;
  verifiedAt: number;
}

export interface VerificationStore {
  /**
   * Logs one verification unless the invoice already had `limit` on that day, in one transaction so two
   * concurrent requests cannot both take the fifth place. Returns the day's count including this one, or
   * undefined when the limit was reached (and nothing was logged).
   */
  recordWithinLimit(entry: VerificationEntry, limit: number): number | undefined;
  /** Verifications of the invoice logged on that day. */
  countOnDay(fpdm: string, fphm: string, chinaDay: string): number;
}

const stores = new WeakMap<Db, VerificationStore>();

export function verificationStoreFor(db: Db): VerificationStore {
  const existing = stores.get(db);
  if (existing) return existing;

  const count = db.prepare<[string, string, string], { n: number }>(
    'SELECT count(*) AS n FROM verification_log WHERE fpdm = ? AND fphm = ? AND china_day = ?',
  );
  const insert = db.prepare(
    `INSERT INTO verification_log (app_key, fpzl, fpdm, fphm, china_day, cyjg, verified_at)
     VALUES (@appKey, @fpzl, @fpdm, @fphm, @chinaDay, @cyjg, @verifiedAt)`,
  );
  const countOnDay = (fpdm: string, fphm: string, chinaDay: string) => count.get(fpdm, fphm, chinaDay)?.n ?? 0;
  const recordWithinLimit = db.transaction((entry: VerificationEntry, limit: number): number | undefined => {
    const sofar = countOnDay(entry.fpdm, entry.fphm, entry.chinaDay);
    if (sofar >= limit) return undefined;
    insert.run(entry);
    return sofar + 1;
  });

  const store: VerificationStore = {
    recordWithinLimit: (entry, limit) => recordWithinLimit(entry, limit),
    countOnDay,
  };
  stores.set(db, store);
  return store;
}
