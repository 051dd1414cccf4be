/** Channels of the ledger guard: database state, backups, integrity, recovery (issue 10 points 1 and 2). */
import { z } from 'zod';
import { BackupView, IntegrityResult, LedgerStatus, RestoreRequest, StartFreshRequest } from '../schemas/ledger.js';
import { empty, type ChannelSpec } from './common.js';

export const ledgerChannels = {
  'ledger:status': { request: empty, response: LedgerStatus },
  'ledger:listBackups': { request: empty, response: z.array(BackupView) },
  'ledger:backupNow': { request: empty, response: BackupView },
  'ledger:checkIntegrity': { request: empty, response: IntegrityResult },
  'ledger:retry': { request: empty, response: LedgerStatus },
  'ledger:restore': { request: RestoreRequest, response: LedgerStatus },
  'ledger:startFresh': { request: StartFreshRequest, response: LedgerStatus },
  'ledger:openFolder': { request: empty, response: LedgerStatus },
  'ledger:chooseBackupFolder': { request: empty, response: LedgerStatus },
} as const satisfies Record<string, ChannelSpec>;
