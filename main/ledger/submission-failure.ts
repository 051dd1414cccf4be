/**
 * A submission the team ledger could not answer, told by its serial as what became of it (docs/team-ledger.md
 * §7): not saved — the connection broke before the commit, or the desk found afterwards that it had not
 * committed, so submitting again is safe — or not known yet — the answer to the commit was lost and the desk
 * could not look in time, so the clerk looks the serial up before submitting again. Each submission names
 * its own message keys (an invoice, a red-letter form); any other failure passes as it came.
 */
import { IpcFailure } from '../../shared/ipc/index.js';
import { lostWriteOf } from './port.js';

export interface LostSubmissionKeys {
  notSaved: string;
  unknown: string;
}

export function submissionFailure(error: unknown, serial: string, keys: LostSubmissionKeys): unknown {
  const lost = lostWriteOf(error);
  if (lost === null) return error;
  const message = `${serial}: ${error instanceof Error ? error.message : String(error)}`;
  return new IpcFailure('TEAM_LEDGER_UNREACHABLE', lost === 'notSaved' ? keys.notSaved : keys.unknown, { lsh: serial }, { message });
}
