import type { LedgerMigration } from './migration.js';
import { LIBRARY_MERGED_TABLE } from './0150-libraries-and-batches.js';

/**
 * The archive of library entries 0150 merged (a buyer or product held twice under 0120's identities)
 * exists only where 0150 needed it; this gives every database the same table. Additive only.
 */
export const libraryMerged: LedgerMigration = {
  version: 390,
  name: 'library-merged',
  desk(db) {
    db.exec(LIBRARY_MERGED_TABLE);
  },
};
