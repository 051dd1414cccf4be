/**
 * Messages by code (shared/ipc/result.ts): main answers a failure with a code, a message key and params;
 * the renderer's one place (renderer/src/lib/messages.ts) turns them into text in the clerk's language.
 * Here a real core refuses real calls, the answers cross a JSON transport into the renderer's createApi
 * (as over the harness bridge or Electron's structured clone), and the English locale shows English.
 * A scan of main also checks that every key main sends has a sentence in both locales.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createApi, type Api } from '../../../shared/ipc/create-api.js';
import type { IpcError } from '../../../shared/ipc/result.js';
import { i18n } from '../../../renderer/src/app/i18n.js';
import { describeFailure } from '../../../renderer/src/lib/messages.js';
import { createTestCipher } from '../../support/test-cipher.js';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
let core: Core;
let api: Api;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-messages-'));
  core = await createCore({ dataDir, appVersion: 'test' }, { cipher: createTestCipher() });
  // JSON both ways, as the harness bridge does: only what survives serialisation reaches the renderer.
  api = createApi(
    async (channel, payload) => JSON.parse(JSON.stringify(await core.router.dispatch(channel, JSON.parse(JSON.stringify(payload))))) as unknown,
    () => () => {},
  );
});

afterAll(async () => {
  await core?.close();
  await i18n.changeLanguage('zh-CN');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function failureOf(result: Promise<{ ok: boolean; error?: IpcError }>): Promise<IpcError> {
  const answer = await result;
  expect(answer.ok).toBe(false);
  return answer.error as IpcError;
}

describe('errors cross IPC by code and are translated in the renderer', () => {
  it('shows a refusal of main in English when the clerk reads English, and in Chinese by default', async () => {
    const error = await failureOf(api.history.detail({ id: 987654 }));
    expect(error).toMatchObject({ code: 'NOT_FOUND', key: 'app.invoiceNotFound', params: { id: 987654 } });
    expect(error.message).not.toMatch(CJK);

    await i18n.changeLanguage('en');
    const en = describeFailure(error);
    expect(en).toEqual({ title: 'Not found', description: 'Invoice 987654 was not found' });

    await i18n.changeLanguage('zh-CN');
    expect(describeFailure(error)).toEqual({ title: '未找到', description: '没有找到这张发票（编号 987654）' });
  });

  it('translates failures of the IPC layer itself (unknown channel) and of a feature with params', async () => {
    await i18n.changeLanguage('en');
    const unknown = await core.router.dispatch('nope:nothing', {});
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(describeFailure(unknown.error).description).toBe('Unknown call: nope:nothing');

    const form = await failureOf(api.reversal.issueFromForm({ formId: 4242 }));
    expect(describeFailure(form)).toEqual({ title: 'Not found', description: 'Red-letter form 4242 was not found' });
    await i18n.changeLanguage('zh-CN');
  });

  it('has a sentence in zh-CN and in English (without Chinese) for every key main sends', () => {
    const keys = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'sandbox') walk(full);
        } else if (entry.name.endsWith('.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          for (const match of text.matchAll(/(?:new IpcFailure|\bfail)\((?:'[A-Z_]+'|[^,()?]*\?[^,():]*:[^,()]*),\s?'([a-zA-Z.]+)'/g)) keys.add(match[1]!);
          // The payload guard's refusals (main/ipc/payload-guard.ts) name their key first.
          if (entry.name === 'payload-guard.ts') for (const match of text.matchAll(/\brefuse\(\s*'([a-zA-Z.]+)'/g)) keys.add(match[1]!);
        }
      }
    };
    walk(path.resolve(import.meta.dirname, '../../../main'));
    walk(path.resolve(import.meta.dirname, '../../../shared/ipc'));
    expect(keys.size).toBeGreaterThan(40);
    for (const key of keys) {
      // errors.<key> in the app's locales, or a feature's own section (<feature>.errors.<name>) as is.
      const path = i18n.exists(`errors.${key}`, { lng: 'zh-CN' }) ? `errors.${key}` : key;
      expect(i18n.exists(path, { lng: 'zh-CN' }), `zh-CN ${path}`).toBe(true);
      expect(i18n.exists(path, { lng: 'en', fallbackLng: false }), `en ${path}`).toBe(true);
      const english = i18n.getFixedT('en')(path as 'errors.INTERNAL');
      expect(english, `en ${path}`).not.toMatch(CJK);
    }
  });
});
