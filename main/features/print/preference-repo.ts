/**
 * Which printer this PC prints each kind of document on (004, 007, the goods list, each electronic type):
 * printer_preference, in the desk's own SQLite file on purpose, also when the desk works on a team ledger —
 * the printers a PC reaches are that PC's, and a colleague's choice must not move this desk's prints
 * (docs/team-ledger.md §1, "stays on the desk"). So it stays on `deps.db`, not on the ledger port.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

export function createPrinterPreferenceRepo(db: Db) {
  const preferences = db.prepare<[Environment], { document: string; printer: string }>(`SELECT document, printer FROM printer_preference WHERE environment = ?`);
  const savePreference = db.prepare(
    `INSERT INTO printer_preference (environment, document, printer, updated_at) VALUES (@environment, @document, @printer, @now)
     ON CONFLICT (environment, document) DO UPDATE SET printer = excluded.printer, updated_at = excluded.updated_at`,
  );
  return {
    preferences: (environment: Environment) => Object.fromEntries(preferences.all(environment).map((row) => [row.document, row.printer])) as Record<string, string>,
    savePreference: (environment: Environment, document: string, printer: string, now: string) => void savePreference.run({ environment, document, printer, now }),
  };
}

export type PrinterPreferenceRepo = ReturnType<typeof createPrinterPreferenceRepo>;
