/**
 * Main learns the clerk's UI language (`app:setLanguage`, read back with `app:language`, both answered by
 * the ledger guard) and speaks it in
 * what it must word itself: through the real core, on a real SQLite file, a history export is read back
 * from a real xlsx with Chinese headers before the switch and English ones after it; the language survives
 * a restart (its file), a bad payload is refused, and in recovery — no inner core — the channel still
 * works and the folder dialog is titled in English. The restore confirmation of a working history too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createUiLanguageHolder, UI_LANGUAGE_FILE } from '../../../main/i18n/ui-language.js';
import type { ConfirmQuestion, DialogPort, FileFilter } from '../../../main/ports.js';
import { storeCollectedPage } from '../../support/collected-page.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-ui-language-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Recorded {
  saves: Array<{ suggestedName: string; filters: FileFilter[] }>;
  folders: string[];
  questions: ConfirmQuestion[];
}

function recordingDialog(saveDir: string): { dialog: DialogPort; seen: Recorded } {
  const seen: Recorded = { saves: [], folders: [], questions: [] };
  const dialog: DialogPort = {
    chooseSavePath: async (suggestedName, filters) => {
      seen.saves.push({ suggestedName, filters });
      return path.join(saveDir, `export-${seen.saves.length}.xlsx`);
    },
    chooseOpenPath: async () => null,
    chooseFolder: async (title) => {
      seen.folders.push(title);
      return null;
    },
    confirm: async (question) => {
      seen.questions.push(question);
      return false;
    },
  };
  return { dialog, seen };
}

async function call<T>(core: Core, channel: string, payload: unknown = {}): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function exportedSheet(core: Core): Promise<unknown[][]> {
  const result = await call<{ filePath: string }>(core, 'history:export', { format: 'xlsx', filter: { direction: 'input' } });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(result.filePath);
  return (workbook.worksheets[0]?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
}

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-ui-language-history-'));
  // One voided input invoice in the history (the collection store's writes on the same file, as collection does).
  const db = openDatabase(path.join(dataDir, HISTORY_DB_FILE));
  await storeCollectedPage(db, {
    environment: 'sandbox',
    PCH: 'P'.repeat(32),
    collectedAt: new Date().toISOString(),
    records: [
      {
        FPLXDM: '01',
        FPDM: '3300231130',
        FPHM: '00000002',
        KPRQ: '20250301',
        XHFMC: '宁波海曙星河物流有限公司',
        XHFSBH: '91330203MA2AAAAA1A',
        GMFMC: '上海演示科技有限公司',
        GMFSBH: '91310000MA1FL8XQ5D',
        HJJE: '1000.00',
        SE: '130.00',
        JSHJ: '1130.00',
        FPZT: '2',
        lines: [{ XH: 1, SPMC: '*运输服务*货物运输', JE: '1000.00', SL: '9', SE: '130.00' }],
        recordJson: '{}',
      },
    ],
  });
  closeDatabase(db);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('app:setLanguage', () => {
  it('switches the history export to English, and the next start remembers it', async () => {
    const { dialog, seen } = recordingDialog(dataDir);
    const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog });
    cleanups.push(() => core.close());

    const chinese = await exportedSheet(core);
    expect(chinese[0]).toEqual(['方向', '发票类型', '发票代码', '发票号码', '日期', '对方名称', '对方税号', '价税合计', '税额', '状态', '蓝/红', '冲红', '税率/征收率']);
    expect(chinese[1]?.[0]).toBe('进项');
    expect(chinese[1]?.[9]).toBe('作废');
    expect(seen.saves[0]?.suggestedName).toMatch(/^发票历史-\d{8}\.xlsx$/);
    expect(seen.saves[0]?.filters).toEqual([{ name: 'Excel 工作簿', extensions: ['xlsx'] }]);

    expect(await call(core, 'app:language')).toEqual({ language: 'zh-CN' });
    expect(await call(core, 'app:setLanguage', { language: 'en' })).toEqual({ language: 'en' });
    expect(await call(core, 'app:language')).toEqual({ language: 'en' });
    const english = await exportedSheet(core);
    expect(english[0]).toEqual(['Direction', 'Invoice type', 'Invoice code', 'Invoice number', 'Date', 'Counterparty', 'Counterparty tax ID', 'Total', 'Tax', 'State', 'Blue/red', 'Reversal', 'Rates and levies']);
    expect(english[1]?.[0]).toBe('Input');
    expect(english[1]?.[9]).toBe('Voided');
    expect(english[1]?.[5]).toBe('宁波海曙星河物流有限公司'); // data stays as it is
    expect(seen.saves[1]?.suggestedName).toMatch(/^invoice-history-\d{8}\.xlsx$/);
    expect(seen.saves[1]?.filters).toEqual([{ name: 'Excel workbook', extensions: ['xlsx'] }]);

    // The restore confirmation of a working history, asked by main, in English.
    const backup = await call<{ name: string }>(core, 'ledger:backupNow');
    expect(await core.router.dispatch('ledger:restore', { name: backup.name })).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_DECLINED' } });
    expect(seen.questions[0]).toMatchObject({ title: 'Restore from a backup', confirmLabel: 'Restore', detail: expect.stringMatching(new RegExp(`^Backup: ${backup.name.replaceAll('.', '\\.')} \\(.+\\)$`)) });
    expect(JSON.stringify(seen.questions[0])).not.toMatch(/[\u3400-\u9fff]/u);

    // A language the app does not have is refused by the contract.
    expect(await core.router.dispatch('app:setLanguage', { language: 'fr' })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    await core.close();

    // The next start, before the renderer says anything: English from the remembered file.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, UI_LANGUAGE_FILE), 'utf8'))).toEqual({ language: 'en' });
    const again = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog });
    cleanups.push(() => again.close());
    expect(await call(again, 'app:language')).toEqual({ language: 'en' }); // what the page opens in
    expect((await exportedSheet(again))[0]?.[0]).toBe('Direction');
    await call(again, 'app:setLanguage', { language: 'zh-CN' });
    expect((await exportedSheet(again))[0]?.[0]).toBe('方向');
  });

  it('works in recovery (no inner core), where the folder dialog is titled in the language set', async () => {
    const userData = tempDir();
    const gone = path.join(tempDir(), 'unplugged-drive');
    const { dialog, seen } = recordingDialog(userData);
    // The Electron host keeps the language in userData, which exists even when the data folder does not.
    const uiLanguage = createUiLanguageHolder(path.join(userData, UI_LANGUAGE_FILE));
    const core = await createCore({ dataDir: gone, dataDirChosen: true, appVersion: 'test', dailyBackups: false, uiLanguage }, { cipher: createTestCipher(), dialog });
    cleanups.push(() => core.close());
    expect(await call(core, 'ledger:status')).toMatchObject({ mode: 'recovery', problem: 'folder-missing' });
    expect(await core.router.dispatch('history:search', {})).toMatchObject({ ok: false, error: { code: 'DATABASE_RECOVERY' } });

    expect(await call(core, 'app:setLanguage', { language: 'en' })).toEqual({ language: 'en' });
    expect(uiLanguage.get()).toBe('en');
    expect(await call(core, 'app:language')).toEqual({ language: 'en' });
    expect(JSON.parse(fs.readFileSync(path.join(userData, UI_LANGUAGE_FILE), 'utf8'))).toEqual({ language: 'en' });
    await call(core, 'ledger:openFolder');
    expect(seen.folders).toEqual(['Choose the data folder of Fapiao Desk']);
    expect(fs.existsSync(gone)).toBe(false); // remembering the language created no folder
  });
});
