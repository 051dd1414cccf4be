/**
 * The tax-code lookup through the real core: the shipped table answers over IPC, a newer table imported
 * through the open dialog replaces it (and survives a restart), and a bad file is refused by line with
 * the table in use kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { IpcResult, TaxCode, TaxCodeTableInfo } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dir: string, dialog: { open: string | null }) {
  const core = await createCore(
    { dataDir: dir, appVersion: 'test' },
    { cipher: createTestCipher(), dialog: { chooseSavePath: async () => null, chooseOpenPath: async () => dialog.open } },
  );
  cores.push(core);
  const call = <T>(channel: string, payload: unknown) => core.router.dispatch(channel, payload) as Promise<IpcResult<T>>;
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await call<T>(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  return { core, call, value };
}

const HEADER = 'code,name,short_name,rate,description,keywords,parent_code';

describe('tax-code lookup over IPC', () => {
  it('answers from the shipped v32.0 table, imports a newer one that survives a restart, and refuses a bad one by line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-taxcodes-'));
    dirs.push(dir);
    const dialog = { open: null as string | null };
    const first = await start(dir, dialog);

    expect(await first.value<TaxCodeTableInfo>('taxCodes:info', {})).toMatchObject({ version: '32.0', origin: 'shipped', rows: 4236, usable: 3559 });
    const { rows } = await first.value<{ rows: TaxCode[] }>('taxCodes:search', { query: '软件开发' });
    expect(rows[0]).toMatchObject({ code: '3040201010000000000', shortName: '信息技术服务', rates: ['0.06'] });

    // Bad input at the contract: a NUL in the query, an absurd limit.
    const nul = await first.call('taxCodes:search', { query: '软\u0000件' });
    expect(nul).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(await first.call('taxCodes:search', { query: '软件', limit: 100000 })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });

    // The clerk cancels the dialog: nothing changes.
    expect(await first.value('taxCodes:import', { version: '50.0' })).toBeNull();

    // A damaged file: refused naming the line; the shipped table stays in use.
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, `${HEADER}\n3040201010000000000,软件开发服务,信息技术服务,6%,,,\n30402010100,坏行,坏,6%,,,\n`);
    dialog.open = bad;
    const refused = await first.call('taxCodes:import', { version: '50.0' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'taxCodes.code', params: { line: 3 } } });
    expect(await first.value<TaxCodeTableInfo>('taxCodes:info', {})).toMatchObject({ origin: 'shipped' });

    // A newer table (one new code) replaces it, and is still in use after a restart.
    const newer = path.join(dir, 'v50.csv');
    fs.writeFileSync(newer, `\ufeff${HEADER}\n3040201010000000000,软件开发服务,信息技术服务,6%,,,\n3040206000000000000,"数据处理服务, 新",信息技术服务,6%,,数据,\n`);
    dialog.open = newer;
    expect(await first.value<TaxCodeTableInfo>('taxCodes:import', { version: '50.0' })).toMatchObject({ version: '50.0', origin: 'imported', rows: 2 });
    await first.core.close();

    const second = await start(dir, dialog);
    expect(await second.value<TaxCodeTableInfo>('taxCodes:info', {})).toMatchObject({ version: '50.0', origin: 'imported', rows: 2 });
    const found = await second.value<{ rows: TaxCode[] }>('taxCodes:search', { query: '数据' });
    expect(found.rows.map((row) => row.name)).toEqual(['数据处理服务, 新']);
  });
});
