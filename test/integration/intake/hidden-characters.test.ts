/**
 * Received files whose names hide or reorder characters (issue 34 point 6), through the core against the
 * sandbox over real HTTP and a real SQLite file: `invoice<U+202E>gnp.exe`, which a screen shows as
 * "invoiceexe.png", taken in from a real file on disk (granted and added by path, as a drop is) and one with a
 * zero-width space sent as bytes, are listed in the queue and in the 报销台账 with those characters written out
 * — what the name really ends with can be read — and a name kept before the rule is shown the same way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../../main/core.js';
import type { IntakeItem } from '../../../shared/ipc/index.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { digitalXml } from '../../support/intake-files.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

const RLO = '\u202E';
const ZWSP = '\u200B';

describe('received file names with hidden characters', () => {
  it('lists them with the hidden characters written out, in the queue and the ledger', async () => {
    input = await startInputCore();
    const { call, core } = input;
    const items: IntakeItem[] = [];
    core.onEvent((event, payload) => void (event === 'intake:item' && items.push(payload as IntakeItem)));
    const latest = (name: string) => items.filter((item) => item.fileName === name).at(-1);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-hidden-'));
    const spoofed = path.join(folder, `invoice${RLO}gnp.exe`);
    fs.writeFileSync(spoofed, digitalXml());
    expect(await call('intake:grantPaths', { paths: [spoofed] })).toMatchObject({ granted: 1 });
    expect(await call('intake:addPaths', { paths: [spoofed], origin: 'drop' })).toEqual({ accepted: 1 });
    await call('intake:addFile', { name: `scan${ZWSP}01.png`, base64: Buffer.from(await qrPng('01,04,044031900111,70000001,100.00,20240302,09876543210987654321,FFFF,')).toString('base64'), origin: 'drop' });

    const shownSpoofed = 'invoice<U+202E>gnp.exe';
    const shownScan = 'scan<U+200B>01.png';
    await expect.poll(() => latest(shownSpoofed)?.receivedId ?? null).not.toBeNull();
    await expect.poll(() => latest(shownScan)?.receivedId ?? null).not.toBeNull();
    expect(items.some((item) => /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u.test(item.fileName))).toBe(false);
    expect((await call('intake:queue', {})).map((item) => item.fileName).sort()).toEqual([shownSpoofed, shownScan].sort());
    // The 报销台账 holds what the clerk accepted: both, as read.
    for (const name of [shownSpoofed, shownScan]) {
      const item = latest(name)!;
      await call('intake:review', { receivedId: item.receivedId!, fields: item.fields, buyerReason: '员工代垫' });
    }
    expect((await call('intake:ledger', {})).rows.map((row) => row.fileName).sort()).toEqual([shownSpoofed, shownScan].sort());

    // A name kept raw by an earlier version (written into the file beside the running desk) is shown escaped too.
    const file = new Database(path.join(input.appDir, HISTORY_DB_FILE));
    file.prepare('UPDATE received_invoice SET file_name = ? WHERE file_name = ?').run(`old${RLO}fdp.exe`, shownScan);
    file.close();
    expect((await call('intake:ledger', {})).rows.map((row) => row.fileName).sort()).toEqual(['old<U+202E>fdp.exe', shownSpoofed].sort());
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
