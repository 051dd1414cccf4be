/**
 * The received-invoice store of the SQLite ledger (main/features/intake/store.ts) over intake's repo
 * (main/features/intake/repo.ts): its statements unchanged, one repo per environment, each method settled
 * (settled.ts). A unique constraint of received_invoice becomes DuplicateReceivedError, as on PostgreSQL:
 * `file_hash` (the same file) or `received_invoice_one_original` (a second original of an invoice key).
 */
import type { Db } from '../../db/open.js';
import { createIntakeRepo, type IntakeRepo } from '../../features/intake/repo.js';
import { DuplicateReceivedError, type ReceivedInvoiceStore } from '../../features/intake/store.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { settledRepo, type Settled } from './settled.js';

export type ReceivedRepos = Record<Environment, IntakeRepo>;

/** The repos of both environments, built once per connection (their statements are prepared on it). */
export const createReceivedRepos = (db: Db): ReceivedRepos => ({ sandbox: createIntakeRepo(db, 'sandbox'), remote: createIntakeRepo(db, 'remote') });

function refusedDuplicate(error: unknown): never {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('received_invoice.')) {
    throw new DuplicateReceivedError(message.includes('file_hash') ? 'file' : 'invoice', { cause: error });
  }
  throw error;
}

export function createSqliteReceivedStore(repos: ReceivedRepos, connection: () => unknown): ReceivedInvoiceStore {
  const settled: Record<Environment, Settled<IntakeRepo>> = { sandbox: settledRepo(repos.sandbox, connection), remote: settledRepo(repos.remote, connection) };
  return {
    get: (environment, id) => settled[environment].get(id),
    byHash: (environment, hash) => settled[environment].byHash(hash),
    firstByKey: (environment, key, exceptId) => settled[environment].firstByKey(key, exceptId),
    insert: (environment, row) => settled[environment].insert(row).catch(refusedDuplicate),
    updateFields: (environment, ...args) => settled[environment].updateFields(...args).catch(refusedDuplicate),
    linkLaterOriginals: (environment, key, firstId) => settled[environment].linkLaterOriginals(key, firstId),
    setVerified: (environment, ...args) => settled[environment].setVerified(...args),
    setLocalState: (environment, id, state) => settled[environment].setLocalState(id, state),
    fillFromAuthority: (environment, ...args) => settled[environment].fillFromAuthority(...args),
    setBuyerReason: (environment, id, reason) => settled[environment].setBuyerReason(id, reason),
    claimUnassigned: (environment, enterprise) => settled[environment].claimUnassigned(enterprise),
    recordVerification: (environment, record) => settled[environment].recordVerification(record),
    countVerifications: (environment, ...args) => settled[environment].countVerifications(...args),
    ledgerPage: (environment, ...args) => settled[environment].ledgerPage(...args),
    ledgerAll: (environment, enterprise, query) => settled[environment].ledgerAll(enterprise, query),
    ledgerTotals: (environment, enterprise, query) => settled[environment].ledgerTotals(enterprise, query),
  };
}
