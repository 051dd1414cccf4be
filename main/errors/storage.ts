/**
 * Errors a clerk can act on (issue 10 point 4): a full disk, a read-only or missing data folder, a locked
 * database, a damaged database, a secret that can no longer be decrypted. Each is recognised here from
 * the raw error (better-sqlite3's SqliteError codes, Node's errno codes) and turned into its own
 * IpcErrorCode, so the router (main/ipc/router.ts) and the outbox worker's log name the real cause
 * instead of INTERNAL. The renderer translates the code into what to do.
 */
import { IpcFailure, type IpcErrorCode } from '../../shared/ipc/index.js';
import { SecretUnreadableError } from '../security/vault.js';

export type ActionableCode = Extract<
  IpcErrorCode,
  'DISK_FULL' | 'DATA_FOLDER_READ_ONLY' | 'DATA_FOLDER_MISSING' | 'DATABASE_LOCKED' | 'DATABASE_DAMAGED' | 'SECRET_UNREADABLE'
>;

/** Chinese sentence with what to do; the renderer shows its own translation of the code. */
const MESSAGES: Record<ActionableCode, string> = {
  DISK_FULL: '磁盘空间已满，数据未能保存。请清理数据文件夹所在磁盘的空间，待发送的业务会在空间恢复后自动继续。',
  DATA_FOLDER_READ_ONLY: '数据文件夹是只读的，无法保存。请检查文件夹权限或所在磁盘是否被设为只读。',
  DATA_FOLDER_MISSING: '找不到数据文件夹（可能被移动、删除，或所在的移动硬盘/网络盘已断开）。请重新连接后重启本程序。',
  DATABASE_LOCKED: '数据库正被另一个程序占用（可能同时打开了两个发票工作台）。请关闭另一个窗口后重试。',
  DATABASE_DAMAGED: '数据库文件已损坏，为保护数据已停止写入。请在“设置 → 数据与备份”中从备份恢复。',
  SECRET_UNREADABLE: '保存的密钥无法解密（系统钥匙串或密钥环可能已更换）。请在设置中重新输入 AppSecret。',
};

interface CodedError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
}

function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code = (error as CodedError).code;
  return typeof code === 'string' ? code : '';
}

/** The actionable code behind an error, or null when it is none of them (a bug: INTERNAL). */
export function classifyError(error: unknown): ActionableCode | null {
  if (error instanceof SecretUnreadableError) return 'SECRET_UNREADABLE';
  const code = codeOf(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'DISK_FULL';
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) return 'DATABASE_LOCKED';
  if (code === 'SQLITE_READONLY_DBMOVED' || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_CANTOPEN_')) return 'DATA_FOLDER_MISSING';
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return 'DATA_FOLDER_READ_ONLY';
  }
  // better-sqlite3 checks the folder itself before SQLite does, with a TypeError and no code.
  if (error instanceof TypeError && /directory does not exist/i.test(error.message)) return 'DATA_FOLDER_MISSING';
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB') return 'DATABASE_DAMAGED';
  // SQLite reports a failed write on a full disk sometimes as an I/O error; the message keeps the OS reason.
  if (code.startsWith('SQLITE_IOERR')) {
    const message = error instanceof Error ? error.message : '';
    if (/no space|disk is full|ENOSPC/i.test(message)) return 'DISK_FULL';
    if (code === 'SQLITE_IOERR_DELETE_NOENT') return 'DATA_FOLDER_MISSING';
  }
  return null;
}

/** The IpcFailure for an actionable error, or null. */
export function toActionableFailure(error: unknown): IpcFailure | null {
  const code = classifyError(error);
  if (code === null) return null;
  return new IpcFailure(code, MESSAGES[code], { cause: codeOf(error) || (error instanceof Error ? error.name : 'unknown') });
}

export function actionableMessage(code: ActionableCode): string {
  return MESSAGES[code];
}
