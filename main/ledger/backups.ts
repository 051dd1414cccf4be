/**
 * Online backups of the history database (issue 10 point 2) with SQLite's backup API, which
 * better-sqlite3 exposes as `db.backup()`: consistent while the app keeps writing, never a half copy
 * (written to a .part name, checked with quick_check, then renamed). Taken daily, before every
 * migration, and when the clerk asks; rotated to 7 daily + 4 weekly (manual and pre-migration copies
 * are kept apart, the newest 10 and 5). The folder is the clerk's choice (ledger.json), by default
 * `<dataDir>/backups`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { checkFileOffThread } from './check-off-thread.js';
import { BACKUP_NAME, checkFile } from './health.js';

export type BackupKind = 'daily' | 'manual' | 'pre-migration' | 'before-restore';
export const BACKUP_KINDS: readonly BackupKind[] = ['daily', 'manual', 'pre-migration', 'before-restore'];

export interface BackupEntry {
  /** File name inside the backup folder; what restore takes. */
  name: string;
  file: string;
  kind: BackupKind;
  createdAt: string;
  bytes: number;
}

const NAME = BACKUP_NAME;
export const KEEP = { daily: 7, weekly: 4, manual: 10, 'pre-migration': 5, 'before-restore': 5 } as const;

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function parseStamp(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text)!;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

export function listBackups(dir: string): BackupEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    let bytes: number;
    try {
      bytes = fs.statSync(file).size;
    } catch {
      continue;
    }
    entries.push({ name, file, kind: m[2] as BackupKind, createdAt: parseStamp(m[1]!).toISOString(), bytes });
  }
  return entries.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.name < b.name ? 1 : -1));
}

/** The newest backup that passes quick_check, or null. */
export function newestGoodBackup(dir: string): BackupEntry | null {
  for (const entry of listBackups(dir)) if (checkFile(entry.file).ok) return entry;
  return null;
}

/**
 * Copies `source` (an open connection or a file) into the folder. Resolves with the entry; a copy that
 * fails its check is removed (it is ours and worthless) and the call rejects.
 */
export async function takeBackup(source: Database.Database | string, dir: string, kind: BackupKind, now: Date): Promise<BackupEntry> {
  fs.mkdirSync(dir, { recursive: true });
  let name = `history-${stamp(now)}-${kind}.db`;
  for (let n = 2; fs.existsSync(path.join(dir, name)); n += 1) name = `history-${stamp(new Date(now.getTime() + n * 1000))}-${kind}.db`;
  const file = path.join(dir, name);
  const partial = `${file}.part`;
  try {
    await copyInto(source, partial);
    // The copy is as large as the history: checked on a worker thread so main keeps working meanwhile.
    const check = await checkFileOffThread(partial);
    if (!check.ok) throw new Error(`backup failed its check: ${check.detail}`);
    fs.renameSync(partial, file);
    removePart(partial);
  } catch (error) {
    // A copy that failed (disk full, its check, the rename) is ours and worthless: it goes, with its journal.
    removePart(partial);
    throw error;
  }
  rotate(dir, now);
  return listBackups(dir).find((entry) => entry.name === name)!;
}

async function copyInto(source: Database.Database | string, partial: string): Promise<void> {
  const own = typeof source === 'string';
  const db = own ? new Database(source, { readonly: true, fileMustExist: true }) : source;
  try {
    // Our own connection copies one snapshot: a read transaction held for the whole copy. Without it
    // SQLite restarts a backup from page 1 whenever another connection (the app's) writes between two
    // steps, so the daily copy taken while a collection stored its pages restarted with every page and
    // never ended before the collection did: a twelfth of a 50,000-invoice collection's time went into
    // the copy's steps (docs/benchmarks.md §collect). The writer goes on meanwhile (WAL).
    if (own) {
      db.exec('BEGIN');
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    }
    await db.backup(partial);
  } finally {
    if (own) db.close();
  }
  // The copy carries the history's WAL mode in its header, and a read-only connection to a WAL file (its check
  // here, listBackups' checks later) leaves a -wal and -shm beside it that it may not remove: every backup
  // left two such files in backups/. A copy in rollback mode is read without them; a restore's open sets WAL again.
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** A copy being written and what SQLite keeps beside it while it is open (its WAL, shared memory, journal). */
const PART_FILE = /^history-.+\.db\.part(-wal|-shm|-journal)?$/;

function removePart(partial: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${partial}${suffix}`, { force: true });
}

/**
 * Copies a backup left half-written when the desk was ended mid-copy (SIGTERM, a power cut): never a backup —
 * listBackups does not see them — only room taken in the backup folder. Removed when the desk starts (the
 * ledger guard), before it could take a backup of its own. Answers the names removed.
 */
export function removeLeftoverParts(dir: string, log?: (message: string) => void): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((candidate) => PART_FILE.test(candidate))) {
    try {
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // One that cannot be removed (read-only folder) stays: a later start tries again.
    }
  }
  if (removed.length > 0) log?.(`removed ${removed.length} half-written backup file(s): ${removed.join(', ')}`);
  return removed;
}

/** ISO-like week key (Monday-based, UTC) of a date. */
function weekKey(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

/**
 * 7 daily + 4 weekly: of the daily copies, the newest of each of the 7 newest days stays, then the newest
 * of each of the 4 newest older weeks; manual, pre-migration and before-restore copies keep their newest few.
 */
export function rotate(dir: string, _now: Date): string[] {
  const removed: string[] = [];
  const all = listBackups(dir);
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const entry of all.filter((e) => e.kind === 'daily')) {
    const at = new Date(entry.createdAt);
    const day = entry.createdAt.slice(0, 10);
    if (days.size < KEEP.daily && !days.has(day)) {
      days.add(day);
      keep.add(entry.name);
      continue;
    }
    if (days.has(day)) continue;
    const week = weekKey(at);
    if (weeks.size < KEEP.weekly && !weeks.has(week) && ![...days].some((d) => weekKey(new Date(`${d}T00:00:00Z`)) === week)) {
      weeks.add(week);
      keep.add(entry.name);
    }
  }
  for (const kind of ['manual', 'pre-migration', 'before-restore'] as const) {
    for (const entry of all.filter((e) => e.kind === kind).slice(0, KEEP[kind])) keep.add(entry.name);
  }
  for (const entry of all) {
    if (keep.has(entry.name)) continue;
    fs.rmSync(entry.file, { force: true });
    removed.push(entry.name);
  }
  return removed;
}
