/**
 * Main's UI language (main/i18n/ui-language.ts) and the tables it picks from (shared/i18n/): the holder
 * remembers the clerk's language in a real file across restarts, falls back to Chinese on a missing or
 * foreign file, and never throws when the folder cannot be written; every text has both languages and the
 * English ones carry no CJK character or full-width punctuation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUiLanguageHolder, readUiLanguage, UI_LANGUAGE_FILE } from '../../../main/i18n/ui-language.js';
import { EXPORT_TEXTS, exportResources, exportText } from '../../../shared/i18n/export-texts.js';
import { NATIVE_TEXTS, nativeResources, nativeText } from '../../../shared/i18n/native-texts.js';
import { SCHEDULE_TEXTS } from '../../../shared/i18n/schedule-texts.js';
import { localeOf, uiLanguageOf } from '../../../shared/i18n/ui-language.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-ui-language-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the UI language holder', () => {
  it('starts in Chinese, remembers a switch in its file and reads it back on the next start', () => {
    const file = path.join(dir, UI_LANGUAGE_FILE);
    const first = createUiLanguageHolder(file);
    expect(first.get()).toBe('zh');
    expect(fs.existsSync(file)).toBe(false);
    first.set('en');
    expect(first.get()).toBe('en');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ language: 'en' });
    // The next start (a new holder on the same file) speaks English before anyone tells it.
    expect(createUiLanguageHolder(file).get()).toBe('en');
    first.set('zh');
    expect(createUiLanguageHolder(file).get()).toBe('zh');
    expect(fs.readdirSync(dir)).toEqual([UI_LANGUAGE_FILE]); // no partial file left behind
  });

  it('tells its listeners of a change, once, until they unsubscribe', () => {
    const holder = createUiLanguageHolder(path.join(dir, UI_LANGUAGE_FILE));
    const heard: string[] = [];
    const stop = holder.onChange((language) => heard.push(language));
    holder.set('en');
    holder.set('en');
    holder.set('zh');
    stop();
    holder.set('en');
    expect(heard).toEqual(['en', 'zh']);
  });

  it('reads a damaged or foreign file as Chinese', () => {
    const file = path.join(dir, UI_LANGUAGE_FILE);
    for (const content of ['{not json', '"en"', '{"language":"fr"}', '{"language":null}', '']) {
      fs.writeFileSync(file, content);
      expect(readUiLanguage(file)).toBe('zh');
    }
  });

  it('keeps the language in memory and logs when the folder is gone, without creating it', () => {
    const gone = path.join(dir, 'unplugged', UI_LANGUAGE_FILE);
    const logged: string[] = [];
    const holder = createUiLanguageHolder(gone, (message) => logged.push(message));
    expect(() => holder.set('en')).not.toThrow();
    expect(holder.get()).toBe('en');
    expect(logged).toHaveLength(1);
    expect(fs.existsSync(path.dirname(gone))).toBe(false);
  });

  it('maps the renderer locale codes', () => {
    expect(uiLanguageOf('en')).toBe('en');
    expect(uiLanguageOf('zh-CN')).toBe('zh');
    expect(localeOf('zh')).toBe('zh-CN');
    expect(localeOf('en')).toBe('en');
  });
});

describe('the native and export text tables', () => {
  const NOT_ENGLISH = /[\u3000-\u303f\u3400-\u9fff\uff01-\uff5e]/u;

  it('have an English text without CJK or full-width punctuation for every key', () => {
    for (const table of [NATIVE_TEXTS, EXPORT_TEXTS, SCHEDULE_TEXTS]) {
      for (const [key, text] of Object.entries(table)) {
        expect(text.zh, key).not.toBe('');
        expect(text.en, key).not.toMatch(NOT_ENGLISH);
        // The same placeholders in both languages.
        const names = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
        expect(names(text.en), key).toEqual(names(text.zh));
      }
    }
  });

  it('fills params and gives i18next resources per language', () => {
    expect(nativeText('restoreDetail', { name: 'a.db', createdAt: '2026-01-01' }, 'en')).toBe('Backup: a.db (2026-01-01)');
    expect(exportText('historyFileName', { stamp: '20260101' }, 'zh')).toBe('发票历史-20260101');
    expect(nativeResources('en').appName).toBe('Fapiao Desk');
    expect(exportResources('zh').colTotal).toBe('价税合计');
  });
});
