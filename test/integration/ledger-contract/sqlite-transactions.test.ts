/**
 * What only the SQLite adapter must answer about its transactions (main/ledger/sqlite/ledger.ts), on a real
 * history.db: a body that awaits anything but the ledger is rolled back with a clear error; the desk's
 * synchronous `db.transaction` joins a ledger transaction when called from its body (an outbox handler's
 * apply during the transition) and a ledger transaction started inside a synchronous one is refused;
 * transactions of separate callers take turns on the one connection.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import { LedgerTransactionError, type LedgerStores } from '../../../main/ledger/port.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import { tempDir } from '../../support/sample-issuance.js';

const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) closeDatabase(db);
});

function desk() {
  const db = openDatabase(path.join(tempDir('fapiao-sqlite-ledger-'), 'history.db'));
  opened.push(db);
  return { db, ledger: createSqliteLedger(db) };
}

const entry = (serial: string) => ({ kind: 'issue', serial, requestJson: '{}', enterprise: null });
const serials = (db: Db) => (db.prepare('SELECT serial FROM outbox ORDER BY id').all() as Array<{ serial: string }>).map((row) => row.serial);

describe('the SQLite ledger transaction', () => {
  it('rolls back a body that awaits something other than the ledger, and refuses its later calls', async () => {
    const { db, ledger } = desk();
    let kept: LedgerStores | undefined;
    let late: Promise<unknown> | undefined;
    await expect(
      ledger.transaction(async (tx) => {
        kept = tx;
        await tx.outbox.enqueue(entry('BEFORE-WAIT'));
        await nextMacrotask(); // as a request or a timer would: anything else could have used the connection meanwhile
        late = tx.outbox.enqueue(entry('AFTER-WAIT'));
        await late;
      }),
    ).rejects.toThrow(/awaited something other than the ledger/);
    expect(db.inTransaction).toBe(false);
    expect(serials(db)).toEqual([]);
    await expect.poll(() => late !== undefined).toBe(true);
    await expect(late).rejects.toBeInstanceOf(LedgerTransactionError);
    await expect(kept!.outbox.pendingCount()).rejects.toBeInstanceOf(LedgerTransactionError);
    // The connection is usable again at once.
    await ledger.transaction((tx) => tx.outbox.enqueue(entry('NEXT')));
    expect(serials(db)).toEqual(['NEXT']);
  });

  it('lets the synchronous repos of a body join its transaction, as savepoints', async () => {
    const { db, ledger } = desk();
    const syncInsert = db.transaction((serial: string) => {
      db.prepare(`INSERT INTO outbox (kind, serial, request_json, state, next_attempt_at, created_at, updated_at) VALUES ('issue', ?, '{}', 'pending', 0, '', '')`).run(serial);
    });
    await expect(
      ledger.transaction(async (tx) => {
        await tx.outbox.enqueue(entry('PORT'));
        syncInsert('SYNC');
        throw new Error('apply failed');
      }),
    ).rejects.toThrow('apply failed');
    expect(serials(db)).toEqual([]);
    await ledger.transaction(async (tx) => {
      await tx.outbox.enqueue(entry('PORT'));
      syncInsert('SYNC');
    });
    expect(serials(db)).toEqual(['PORT', 'SYNC']);
  });

  it('refuses a ledger transaction started inside a synchronous db.transaction', async () => {
    const { db, ledger } = desk();
    let refused: Promise<unknown> | undefined;
    db.transaction(() => {
      refused = ledger.transaction((tx) => tx.outbox.enqueue(entry('INSIDE')));
    })();
    await expect(refused).rejects.toThrow(/inside a synchronous db.transaction/);
    expect(serials(db)).toEqual([]);
  });

  it('runs the transactions of separate callers one after another, each committed whole', async () => {
    const { db, ledger } = desk();
    const order: string[] = [];
    const writer = (name: string) =>
      ledger.transaction(async (tx) => {
        order.push(`${name} begins`);
        await tx.outbox.enqueue(entry(`${name}-1`));
        await tx.outbox.enqueue(entry(`${name}-2`));
        order.push(`${name} ends`);
      });
    const failing = ledger.transaction(async (tx) => {
      await tx.outbox.enqueue(entry('C-1'));
      throw new Error('C failed');
    });
    await Promise.all([writer('A'), writer('B'), expect(failing).rejects.toThrow('C failed')]);
    expect(order).toEqual(['A begins', 'A ends', 'B begins', 'B ends']);
    expect(serials(db)).toEqual(['A-1', 'A-2', 'B-1', 'B-2']);
  });
});
