/**
 * The history database's health before anything opens it for writing (issue 10 points 1 and 2):
 * the marker `ledger.json` beside history.db records that a database was created here, so a missing,
 * zero-length or blank history.db is told apart from a new install and refused instead of silently
 * started over; `PRAGMA quick_check` finds a damaged one. quick_check reads the whole file (about 15 s
 * over a million invoices on a busy machine), so it is skipped when the file is exactly as the app left
 * it at its last clean close (issue 15.4: start-up must not grow with the history): the marker then holds
 * the file's size, mtime, ctime and inode, recorded after the database was closed (WAL checkpointed into
 * it). Any write since — by the app, a restore, a disk or another program — changes the stamp, a crash
 * leaves a -wal file, and either one brings the check back. A data folder
 * that is gone (a removable or network drive disconnected) or read-only is found here too, before the
 * core tries to open it, so the clerk gets the recovery screen saying so instead of a failed start or,
 * worse, a new empty history created where the drive used to be mounted. Read-only handles only:
 * nothing here writes to the database (the write probe is a separate, deleted file).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const HISTORY_DB_FILE = 'history.db';
export const LEDGER_MARKER_FILE = 'ledger.json';

/** What ledger.json holds: the marker, and the clerk's backup folder (outside the DB so a damaged DB cannot lose it). */
export interface LedgerMarker {
  /** When this folder's history.db was first created; null until one was. */
  databaseCreatedAt: string | null;
  /** Folder for backups; null = `<dataDir>/backups`. */
  backupDir: string | null;
  /** history.db as the app left it at its last clean close; null while open or after a crash. */
  closedClean?: FileStamp | null;
  /** Audit events waiting for the next ledger to open (pending-audit.ts); kept as written, checked when read. */
  pendingAudit?: unknown[];
}

/** What tells a file changed without reading it. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export function stampOf(file: string): FileStamp | null {
  try {
    const stat = fs.statSync(file);
    return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino };
  } catch {
    return null;
  }
}

const sameStamp = (a: FileStamp | null | undefined, b: FileStamp | null) =>
  a != null && b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

function readStamp(value: unknown): FileStamp | null {
  if (typeof value !== 'object' || value === null) return null;
  const { size, mtimeMs, ctimeMs, ino } = value as Record<string, unknown>;
  return [size, mtimeMs, ctimeMs, ino].every((n) => typeof n === 'number' && Number.isFinite(n))
    ? { size: size as number, mtimeMs: mtimeMs as number, ctimeMs: ctimeMs as number, ino: ino as number }
    : null;
}

/**
 * missing / empty / damaged: history.db itself; folder-missing, read-only, disk-full, locked: the data
 * folder cannot be used right now — fixed outside the app (reconnect, permissions, space), then retried.
 */
export type LedgerProblem = 'missing' | 'empty' | 'damaged' | 'folder-missing' | 'read-only' | 'disk-full' | 'locked';

/** The problems the clerk fixes outside the app and then retries; nothing to restore or start over. */
export const RETRYABLE_PROBLEMS: ReadonlySet<LedgerProblem> = new Set(['folder-missing', 'read-only', 'disk-full', 'locked']);

export type LedgerHealth =
  | { state: 'new' }
  | { state: 'ok'; userVersion: number; /** false: skipped, the file is as the last clean close left it */ checked: boolean }
  | { state: 'recovery'; problem: LedgerProblem; detail: string };

export function markerPath(dataDir: string): string {
  return path.join(dataDir, LEDGER_MARKER_FILE);
}

export function readMarker(dataDir: string): LedgerMarker {
  try {
    const parsed = JSON.parse(fs.readFileSync(markerPath(dataDir), 'utf8')) as Partial<LedgerMarker>;
    return {
      databaseCreatedAt: typeof parsed.databaseCreatedAt === 'string' ? parsed.databaseCreatedAt : null,
      backupDir: typeof parsed.backupDir === 'string' && parsed.backupDir.length > 0 ? parsed.backupDir : null,
      closedClean: readStamp(parsed.closedClean),
      ...(Array.isArray(parsed.pendingAudit) && parsed.pendingAudit.length > 0 ? { pendingAudit: parsed.pendingAudit } : {}),
    };
  } catch {
    return { databaseCreatedAt: null, backupDir: null };
  }
}

/** Written whole then renamed, so a crash never leaves half a marker. */
export function writeMarker(dataDir: string, marker: LedgerMarker): void {
  const file = markerPath(dataDir);
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, `${JSON.stringify(marker, null, 2)}\n`);
  fs.renameSync(partial, file);
}

/**
 * Runs quick_check (or integrity_check with `full`) on a file through a read-only handle; 'ok' or what
 * SQLite found. `level` 'header' only opens it and reads the schema (a file that is not a database, or
 * whose schema is unreadable, still fails).
 */
export function checkFile(file: string, full: boolean | 'header' = false): { ok: true; userVersion: number; tables: number } | { ok: false; detail: string } {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    if (full !== 'header') {
      const rows = db.pragma(full ? 'integrity_check(20)' : 'quick_check(20)') as Array<Record<string, string>>;
      const found = rows.map((row) => Object.values(row)[0]).filter((text) => text !== 'ok');
      if (found.length > 0) return { ok: false, detail: found.slice(0, 5).join('; ') };
    }
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    const tables = (db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'`).get() as { n: number }).n;
    return { ok: true, userVersion, tables };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error) };
  } finally {
    db?.close();
  }
}

export interface InspectOptions {
  /**
   * The clerk chose this folder (it is remembered outside it): its absence means a disconnected drive
   * or a moved folder, never a new install, so it is not created afresh.
   */
  chosen?: boolean;
}

/** Creates and deletes a small file: the only sure test that the folder takes writes (ACLs, ro mounts, root). */
function probeWrite(dataDir: string): NodeJS.ErrnoException | null {
  const probe = path.join(dataDir, `.write-probe-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'ok');
    fs.unlinkSync(probe);
    return null;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

/** Names of backup copies (backups.ts writes them): `history-<UTC time>-<kind>.db`. */
export const BACKUP_NAME = /^history-(\d{8}T\d{6}Z)-(daily|manual|pre-migration|before-restore)\.db$/;

/** The default backup folder of a data folder (ledger.json may name another). */
export const defaultBackupDir = (dataDir: string) => path.join(dataDir, 'backups');

/** Whether a non-empty backup copy lies in the backup folder the marker names, or in the default one. */
function backupsBeside(dataDir: string, marker: LedgerMarker): boolean {
  const folders = [...new Set([marker.backupDir ?? defaultBackupDir(dataDir), defaultBackupDir(dataDir)])];
  return folders.some((dir) => {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return false;
    }
    return names.some((name) => BACKUP_NAME.test(name) && (stampOf(path.join(dir, name))?.size ?? 0) > 0);
  });
}

/** Looks at dataDir's history.db and marker; decides whether the core may open it. */
export function inspectLedger(dataDir: string, options: InspectOptions = {}): LedgerHealth {
  if (!fs.existsSync(dataDir)) {
    return options.chosen ? { state: 'recovery', problem: 'folder-missing', detail: `${dataDir} does not exist` } : { state: 'new' };
  }
  const refused = probeWrite(dataDir);
  if (refused) {
    const code = refused.code ?? '';
    if (READ_ONLY_CODES.has(code)) return { state: 'recovery', problem: 'read-only', detail: refused.message };
    // A full disk is not refused here: the history can still be read and the outbox waits for space
    // (main/outbox/worker.ts); only a core that cannot even open is held (guarded-core.ts).
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'recovery', problem: 'folder-missing', detail: refused.message };
  }
  const file = path.join(dataDir, HISTORY_DB_FILE);
  const marker = readMarker(dataDir);
  const created = marker.databaseCreatedAt !== null;
  let size: number | null;
  try {
    size = fs.statSync(file).size;
  } catch {
    size = null;
  }
  if (size === null) {
    return created ? { state: 'recovery', problem: 'missing', detail: `${file} does not exist` } : { state: 'new' };
  }
  // A zero-byte or blank file is an emptied history, not a new install, wherever a history is known to
  // have been: the marker says so, or a backup of it lies in the backup folder (a folder copied without
  // its ledger.json, a tool that dropped it). Only with neither is it the start of a new install.
  const hadHistory = () => created || backupsBeside(dataDir, marker);
  if (size === 0) {
    return hadHistory() ? { state: 'recovery', problem: 'empty', detail: `${file} is zero bytes long${created ? '' : ' (no ledger.json, but backups exist)'}` } : { state: 'new' };
  }
  const walSize = stampOf(`${file}-wal`)?.size ?? 0;
  const unchanged = walSize === 0 && sameStamp(marker.closedClean, stampOf(file));
  const check = checkFile(file, unchanged ? 'header' : false);
  if (!check.ok) return { state: 'recovery', problem: 'damaged', detail: check.detail };
  // A valid but blank SQLite file (no schema at all) where a history existed is an emptied database too.
  if (check.userVersion === 0 && check.tables === 0 && hadHistory()) {
    return { state: 'recovery', problem: 'empty', detail: `${file} holds no tables${created ? '' : ' (no ledger.json, but backups exist)'}` };
  }
  return { state: 'ok', userVersion: check.userVersion, checked: !unchanged };
}

/** After the core closed its database cleanly: the stamp that lets the next start skip quick_check. */
export function recordCleanClose(dataDir: string): void {
  const file = path.join(dataDir, HISTORY_DB_FILE);
  if ((stampOf(`${file}-wal`)?.size ?? 0) > 0) return;
  const stamp = stampOf(file);
  try {
    if (stamp) writeMarker(dataDir, { ...readMarker(dataDir), closedClean: stamp });
  } catch {
    // A full or read-only disk: no stamp, so the next start simply runs the full check.
  }
}

/** Before the core opens the database for writing: the stamp no longer vouches for it. */
export function forgetCleanClose(dataDir: string): void {
  const marker = readMarker(dataDir);
  try {
    if (marker.closedClean) writeMarker(dataDir, { ...marker, closedClean: null });
  } catch {
    // Cannot write the marker (a full disk): the session's writes change the stamp anyway.
  }
}

/** Records that this folder now has a history database (new install, or one from before the marker existed). */
export function markCreated(dataDir: string, now: Date): void {
  const marker = readMarker(dataDir);
  if (marker.databaseCreatedAt !== null) return;
  writeMarker(dataDir, { ...marker, databaseCreatedAt: now.toISOString() });
}

/** Moves a database (and its -wal/-shm) aside under a timestamped name; never deletes it. Returns the new name or null. */
export function setAside(dataDir: string, label: string, now: Date): string | null {
  const file = path.join(dataDir, HISTORY_DB_FILE);
  // Up to the milliseconds' dot (always there in toISOString), cut by index: no regex rescan.
  const iso = now.toISOString().replace(/[-:]/g, '');
  const stamp = iso.slice(0, iso.indexOf('.'));
  const aside = path.join(dataDir, `${HISTORY_DB_FILE}.${label}-${stamp}`);
  let moved = false;
  for (const suffix of ['', '-wal', '-shm']) {
    if (!fs.existsSync(file + suffix)) continue;
    fs.renameSync(file + suffix, aside + suffix);
    moved = true;
  }
  return moved ? aside : null;
}
