/**
 * The issuance feature's stores on the SQLite ledger (main/features/issuance/store.ts) over its synchronous
 * repos (repo.ts, status-repo.ts): the same prepared statements, each call settled at once (settled.ts).
 * The repos are prepared once per connection (`issuedRepos`); a transaction only binds them to its scope.
 */
import type { Db } from '../../db/open.js';
import { createInvoiceFileRepo, createInvoiceReads, createIssuanceRepo } from '../../features/issuance/repo.js';
import { createInvoiceStatusRepo } from '../../features/issuance/status-repo.js';
import { ISSUANCE_OUTBOX_KIND, type IssuedInvoiceStore, type NewInvoice } from '../../features/issuance/store.js';
import { DuplicateSerialError } from '../port.js';
import { settledRepo } from './settled.js';

export function issuedRepos(db: Db) {
  const issuance = createIssuanceRepo(db);
  const states = createInvoiceStatusRepo(db);
  const files = createInvoiceFileRepo(db);
  return {
    invoices: {
      ...createInvoiceReads(db),
      ...issuance,
      ...states,
      insert(invoice: NewInvoice, now: string): number {
        try {
          // One savepoint (or transaction) for the row and its lines, so a refused line leaves no half invoice.
          return db.transaction(() => issuance.insert(invoice, now))();
        } catch (error) {
          // The lsh is the service's idempotency key: refused the same way as a serial queued twice.
          if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateSerialError(ISSUANCE_OUTBOX_KIND, invoice.lsh, { cause: error });
          throw error;
        }
      },
      fileSource: files.find,
    },
  };
}

export type IssuedRepos = ReturnType<typeof issuedRepos>;

export const createSqliteIssuedInvoiceStore = (repos: IssuedRepos, connection: () => unknown): IssuedInvoiceStore => settledRepo(repos.invoices, connection);
