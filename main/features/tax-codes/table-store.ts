/**
 * Which tax-code table is in use and where it lives. The shipped table (resources/tax-codes/) is read on
 * the first lookup, not at start-up; a table the clerk imports is validated whole, then written beside the
 * history (a temp file renamed into place, so a crash never leaves half a table) and used from then on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { TaxCodeTableInfo } from '../../../shared/ipc/schemas/tax-codes.js';
import { createTaxCodeIndex, type TaxCodeIndex } from '../../../shared/tax-classification/search.js';
import { parseTaxCodeTable, TaxCodeTableError } from '../../../shared/tax-classification/table.js';

export const SHIPPED_TABLE = { file: 'tax-codes/tax-codes-v32.csv', version: '32.0' } as const;
/** A real table is about 1.2 MB; anything far larger is not one. */
const MAX_TABLE_BYTES = 20 * 1024 * 1024;

interface ImportedMeta {
  version: string;
  importedAt: string;
}

export interface TaxCodeTableStore {
  index(): TaxCodeIndex;
  info(): TaxCodeTableInfo;
  importFrom(file: string, version: string, now: Date): TaxCodeTableInfo;
}

export function createTaxCodeTableStore(options: { resourcesDir: string; dataDir: string }): TaxCodeTableStore {
  const dir = path.join(options.dataDir, 'tax-codes');
  const importedFile = path.join(dir, 'imported.csv');
  const metaFile = path.join(dir, 'imported.json');
  let loaded: { index: TaxCodeIndex; info: TaxCodeTableInfo } | undefined;

  function readImported(): { text: string; meta: ImportedMeta } | null {
    if (!fs.existsSync(metaFile) || !fs.existsSync(importedFile)) return null;
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as ImportedMeta;
    return { text: fs.readFileSync(importedFile, 'utf8'), meta };
  }

  function build(text: string, origin: TaxCodeTableInfo['origin'], version: string, importedAt: string | null) {
    const index = createTaxCodeIndex(parseTaxCodeTable(text));
    const usable = index.entries.filter((entry) => entry.rates.length > 0).length;
    return { index, info: { version, origin, rows: index.entries.length, usable, importedAt } };
  }

  function load() {
    if (loaded) return loaded;
    try {
      const imported = readImported();
      if (imported) loaded = build(imported.text, 'imported', imported.meta.version, imported.meta.importedAt);
    } catch (error) {
      // An imported table that no longer parses must not take the lookup away: fall back and say so in the log.
      console.error('[tax-codes] imported table unreadable, using the shipped one', error);
    }
    if (!loaded) {
      const shipped = path.join(options.resourcesDir, SHIPPED_TABLE.file);
      let text: string;
      try {
        text = fs.readFileSync(shipped, 'utf8');
      } catch {
        throw new IpcFailure('NOT_FOUND', 'taxCodes.shippedMissing', { file: shipped });
      }
      loaded = build(text, 'shipped', SHIPPED_TABLE.version, null);
    }
    return loaded;
  }

  return {
    index: () => load().index,
    info: () => load().info,
    importFrom(file, version, now) {
      const size = fs.statSync(file).size;
      if (size > MAX_TABLE_BYTES) throw new IpcFailure('VALIDATION_FAILED', 'taxCodes.tooLarge', { mb: Math.round(size / 1048576) });
      const text = fs.readFileSync(file, 'utf8');
      let next: ReturnType<typeof build>;
      try {
        next = build(text, 'imported', version, now.toISOString());
      } catch (error) {
        if (error instanceof TaxCodeTableError) {
          throw new IpcFailure('VALIDATION_FAILED', `taxCodes.${error.key}`, { line: error.line, value: error.value });
        }
        throw error;
      }
      fs.mkdirSync(dir, { recursive: true });
      const meta: ImportedMeta = { version, importedAt: now.toISOString() };
      fs.writeFileSync(`${importedFile}.tmp`, text);
      fs.renameSync(`${importedFile}.tmp`, importedFile);
      fs.writeFileSync(`${metaFile}.tmp`, JSON.stringify(meta));
      fs.renameSync(`${metaFile}.tmp`, metaFile);
      loaded = next;
      return next.info;
    },
  };
}
