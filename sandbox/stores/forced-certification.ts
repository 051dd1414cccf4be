/** SQL of the certification outcomes forced through the control API (migration 0060). */
import type { CertificationFailureReason } from '../../shared/spec/codes-input.js';
import type { Db } from '../database.js';

export interface ForcedCertificationStore {
  /** The SBYY forced for this invoice, if any. */
  find(fpdm: string, fphm: string): CertificationFailureReason | undefined;
  /** Forces `sbyy` for the invoice; null clears it. */
  set(fpdm: string, fphm: string, sbyy: CertificationFailureReason | null): void;
  list(): { fpdm: string; fphm: string; sbyy: CertificationFailureReason }[];
}

export function createForcedCertificationStore(db: Db): ForcedCertificationStore {
  const select = db.prepare<[string, string], { sbyy: CertificationFailureReason }>('SELECT sbyy FROM forced_certification_outcomes WHERE fpdm = ? AND fphm = ?');
  const upsert = db.prepare<[string, string, string]>(
    'INSERT INTO forced_certification_outcomes (fpdm, fphm, sbyy) VALUES (?, ?, ?) ON CONFLICT (fpdm, fphm) DO UPDATE SET sbyy = excluded.sbyy',
  );
  const remove = db.prepare<[string, string]>('DELETE FROM forced_certification_outcomes WHERE fpdm = ? AND fphm = ?');
  const selectAll = db.prepare<[], { fpdm: string; fphm: string; sbyy: CertificationFailureReason }>(
    'SELECT fpdm, fphm, sbyy FROM forced_certification_outcomes ORDER BY fpdm, fphm',
  );
  return {
    find: (fpdm, fphm) => select.get(fpdm, fphm)?.sbyy,
    set(fpdm, fphm, sbyy) {
      if (sbyy === null) remove.run(fpdm, fphm);
      else upsert.run(fpdm, fphm, sbyy);
    },
    list: () => selectAll.all(),
  };
}
