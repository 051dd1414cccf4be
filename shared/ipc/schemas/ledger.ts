/** IPC shapes of the ledger guard: the history database's state, its backups, and recovery. */
import { z } from 'zod';

/** The word the clerk types to start over with an empty history (either language's). */
export const START_FRESH_WORDS = ['重新开始', 'START FRESH'] as const;

export const BackupView = z
  .strictObject({
    name: z.string().describe('File name in the backup folder; what ledger:restore takes'),
    kind: z.enum(['daily', 'manual', 'pre-migration', 'before-restore']).describe('Why it was taken'),
    createdAt: z.string().describe('ISO time the backup was taken'),
    bytes: z.number().int().describe('Size of the backup file'),
  })
  .describe('One backup of the history database');
export type BackupView = z.infer<typeof BackupView>;

export const LedgerStatus = z
  .strictObject({
    mode: z.enum(['normal', 'recovery']).describe('recovery: the history database or its folder cannot be used; nothing issues'),
    problem: z
      .enum(['missing', 'empty', 'damaged', 'folder-missing', 'read-only', 'disk-full', 'locked'])
      .nullable()
      .describe('Why the app is in recovery (the last four are fixed outside the app, then retried); null when normal'),
    detail: z.string().nullable().describe('What SQLite or the file system found (for support)'),
    dataDir: z.string().describe('The data folder in use'),
    backupDir: z.string().describe('Where backups are written'),
    newestGoodBackup: BackupView.nullable().describe('The newest backup that passes its check (offered for restore)'),
    lastBackupAt: z.string().nullable().describe('When the newest backup was taken'),
  })
  .describe('State of the history database and its backups');
export type LedgerStatus = z.infer<typeof LedgerStatus>;

export const IntegrityResult = z
  .strictObject({
    ok: z.boolean().describe('true when PRAGMA integrity_check found nothing'),
    detail: z.string().nullable().describe('What was found when not ok'),
    status: LedgerStatus,
  })
  .describe('Outcome of a full integrity check');
export type IntegrityResult = z.infer<typeof IntegrityResult>;

export const RestoreRequest = z
  .strictObject({ name: z.string().regex(/^history-\d{8}T\d{6}Z-[a-z-]{5,14}\.db$/, '备份文件名无效').describe('Backup to restore') })
  .describe('Restore the history database from a backup (the current file is kept aside)');

export const StartFreshRequest = z
  .strictObject({ confirmation: z.string().max(40).describe(`The typed confirmation word: ${START_FRESH_WORDS.join(' / ')}`) })
  .describe('Start over with an empty history (the old file is kept aside)');
