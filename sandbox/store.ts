/**
 * All SQL of the sandbox. The sandbox's state is its own database (`<dataDir>/sandbox.db`), separate
 * from the app's history, as a real service's would be.
 */
import path from 'node:path';
import fs from 'node:fs';
import { closeDatabase, openDatabase, type Db } from './database.js';
import { sandboxMigrations } from './migrations/index.js';

export const SANDBOX_DB_FILE = 'sandbox.db';

export interface StoredIssuance {
  lsh: string;
  appKey: string;
  sellerTaxNumber: string;
  bodyHash: string;
  requestJson: string;
  acceptedAt: number;
  issuedAt: number | null;
}

export interface StoredInvoice {
  lsh: string;
  fplxdm: string;
  fpdm: string | null;
  fphm: string;
  kprq: string;
  skm: string | null;
  jym: string | null;
  kplx: string;
  jshj: string;
}

interface IssuanceRow {
  lsh: string;
  app_key: string;
  seller_tax_number: string;
  body_hash: string;
  request_json: string;
  accepted_at: number;
  issued_at: number | null;
}

export interface SandboxStore {
  findIssuance(lsh: string): StoredIssuance | undefined;
  acceptIssuance(issuance: Omit<StoredIssuance, 'issuedAt'>): void;
  invoicesFor(lsh: string): StoredInvoice[];
  /**
   * Issues the invoice(s) of an accepted request exactly once: in one transaction, unless already issued,
   * `build` gets the next number of the type and the records are written with the issued mark.
   */
  issueOnce(lsh: string, fplxdm: string, at: number, build: (sequence: number) => StoredInvoice[]): StoredInvoice[];
  /** Every issued invoice with the request it came from, oldest first (the test-only control API). */
  listIssued(): StoredInvoice[];
  /** The underlying database, for the other domains' stores (sandbox/stores/). */
  readonly db: Db;
  close(): void;
}

export function openSandboxStore(dataDir: string): SandboxStore {
  fs.mkdirSync(dataDir, { recursive: true });
  const db: Db = openDatabase(path.join(dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });

  const selectIssuance = db.prepare<[string], IssuanceRow>('SELECT * FROM issuance_requests WHERE lsh = ?');
  const insertIssuance = db.prepare(
    `INSERT INTO issuance_requests (lsh, app_key, seller_tax_number, body_hash, request_json, accepted_at)
     VALUES (@lsh, @appKey, @sellerTaxNumber, @bodyHash, @requestJson, @acceptedAt)`,
  );
  const selectInvoices = db.prepare<[string], StoredInvoice>(
    'SELECT lsh, fplxdm, fpdm, fphm, kprq, skm, jym, kplx, jshj FROM issued_invoices WHERE lsh = ? ORDER BY id',
  );
  const insertInvoice = db.prepare(
    `INSERT INTO issued_invoices (lsh, fplxdm, fpdm, fphm, kprq, skm, jym, kplx, jshj)
     VALUES (@lsh, @fplxdm, @fpdm, @fphm, @kprq, @skm, @jym, @kplx, @jshj)`,
  );
  const selectAllInvoices = db.prepare<[], StoredInvoice>('SELECT lsh, fplxdm, fpdm, fphm, kprq, skm, jym, kplx, jshj FROM issued_invoices ORDER BY id');
  const markIssued = db.prepare('UPDATE issuance_requests SET issued_at = ? WHERE lsh = ? AND issued_at IS NULL');
  const nextSequence = db.prepare<[string], { last_number: number }>(
    `INSERT INTO invoice_sequences (fplxdm, last_number) VALUES (?, 1)
     ON CONFLICT (fplxdm) DO UPDATE SET last_number = last_number + 1
     RETURNING last_number`,
  );

  const issueOnce = db.transaction((lsh: string, fplxdm: string, at: number, build: (sequence: number) => StoredInvoice[]) => {
    const row = selectIssuance.get(lsh);
    if (!row) throw new Error(`issuance ${lsh} was never accepted`);
    if (row.issued_at !== null) return selectInvoices.all(lsh);
    const sequence = nextSequence.get(fplxdm);
    if (!sequence) throw new Error('invoice sequence did not advance');
    const invoices = build(sequence.last_number);
    for (const invoice of invoices) insertInvoice.run(invoice);
    markIssued.run(at, lsh);
    return invoices;
  });

  return {
    findIssuance(lsh) {
      const row = selectIssuance.get(lsh);
      return row && {
        lsh: row.lsh,
        appKey: row.app_key,
        sellerTaxNumber: row.seller_tax_number,
        bodyHash: row.body_hash,
        requestJson: row.request_json,
        acceptedAt: row.accepted_at,
        issuedAt: row.issued_at,
      };
    },
    acceptIssuance(issuance) {
      insertIssuance.run(issuance);
    },
    invoicesFor: (lsh) => selectInvoices.all(lsh),
    listIssued: () => selectAllInvoices.all(),
    issueOnce: (lsh, fplxdm, at, build) => issueOnce(lsh, fplxdm, at, build),
    db,
    close: () => closeDatabase(db),
  };
}
