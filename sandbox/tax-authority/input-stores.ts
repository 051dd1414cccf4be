/**
 * The input side's stores, prepared once per sandbox database: endpoints get them from the context's
 * database handle instead of re-preparing statements on every request.
 */
import type { Db } from '../database.js';
import { createCertificationBatchStore, type CertificationBatchStore } from '../stores/certification-batches.js';
import { createCollectionBatchStore, type CollectionBatchStore } from '../stores/collection-batches.js';
import { createForcedCertificationStore, type ForcedCertificationStore } from '../stores/forced-certification.js';
import { createTaxAuthorityStore, type TaxAuthorityStore } from '../stores/tax-authority.js';

export interface InputStores {
  taxAuthority: TaxAuthorityStore;
  collections: CollectionBatchStore;
  certifications: CertificationBatchStore;
  /** Outcomes forced through the test-only control API. */
  forced: ForcedCertificationStore;
}

const byDb = new WeakMap<Db, InputStores>();

export function inputStoresFor(db: Db): InputStores {
  let stores = byDb.get(db);
  if (!stores) {
    const taxAuthority = createTaxAuthorityStore(db);
    stores = { taxAuthority, collections: createCollectionBatchStore(db), certifications: createCertificationBatchStore(db, taxAuthority),
      forced: createForcedCertificationStore(db),
    };
    byDb.set(db, stores);
  }
  return stores;
}
