/**
 * Settings → 团队账本 (docs/team-ledger.md §3): where the team's PostgreSQL ledger is, saved in the desk's
 * settings; its password sealed in the vault like the service's AppSecret (never stored in plain text,
 * never sent back); and 测试连接 against what was saved. Saving does not move the desk's ledger: the
 * asynchronous ledger port is not built yet, so the desk keeps its own SQLite ledger (the view says
 * `enabled: false`, and the renderer says so in the clerk's words).
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import { TeamLedgerAddress, TeamMoveRecord, type SaveTeamLedgerRequest, type TeamConnectionTestResult, type TeamLedgerView } from '../../../shared/ipc/schemas/team-ledger.js';
import type { Db } from '../../db/open.js';
import { testTeamConnection } from '../../ledger/pg/connection-test.js';
import { SECRET_NAMES, secretUnreadable, type Vault } from '../../security/vault.js';
import type { SettingsRepo } from './repo.js';

const ADDRESS_KEY = 'team.address';
/** Where and when this desk's ledger was moved into a team ledger (the command and settings both record it). */
const MOVED_KEY = 'team.movedIn';

export function recordTeamMove(repo: SettingsRepo, record: TeamMoveRecord): void {
  repo.set(MOVED_KEY, JSON.stringify(record), record.at);
}

function readJson<T>(repo: SettingsRepo, key: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  const json = repo.get(key);
  if (json === null) return null;
  // Written by this code; a value that no longer parses is treated as not saved, not as a crash.
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface TeamLedgerSettingsDeps {
  db: Db;
  repo: SettingsRepo;
  vault: Vault;
  now?: () => Date;
}

export function createTeamLedgerSettings(deps: TeamLedgerSettingsDeps) {
  const { db, repo, vault } = deps;
  const now = deps.now ?? (() => new Date());

  const savedAddress = () => readJson(repo, ADDRESS_KEY, TeamLedgerAddress);

  /** The saved address and the sealed password (main only: the test and the move sign in with them). */
  function saved(): { address: TeamLedgerAddress; password: string } | null {
    const address = savedAddress();
    const password = vault.reveal(SECRET_NAMES.teamLedgerPassword);
    return address === null || password === null ? null : { address, password };
  }

  function view(): TeamLedgerView {
    return { address: savedAddress(), hasPassword: vault.has(SECRET_NAMES.teamLedgerPassword), passwordUnreadable: secretUnreadable(vault, SECRET_NAMES.teamLedgerPassword), enabled: false, movedIn: readJson(repo, MOVED_KEY, TeamMoveRecord) };
  }

  return {
    get: view,

    saved,

    save(request: SaveTeamLedgerRequest): TeamLedgerView {
      const { password, ...address } = request;
      const saved = savedAddress();
      // The stored password goes only to the server and role it was typed for: a page that changes the
      // address cannot send it elsewhere without knowing it.
      const moved = saved === null || saved.host !== address.host || saved.port !== address.port || saved.database !== address.database || saved.user !== address.user;
      if (password === undefined && (moved || !vault.has(SECRET_NAMES.teamLedgerPassword))) {
        throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.passwordRequired', {}, { details: { field: 'password', reason: 'secret-required' } });
      }
      db.transaction(() => {
        if (password !== undefined) vault.set(SECRET_NAMES.teamLedgerPassword, password);
        repo.set(ADDRESS_KEY, JSON.stringify(address), now().toISOString());
      })();
      return view();
    },

    /** Signs in with what was saved; the outcome's key says what happened. */
    async testConnection(): Promise<TeamConnectionTestResult> {
      const found = saved();
      if (found === null) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.saveFirst');
      return testTeamConnection(found.address, found.password);
    },
  };
}

export type TeamLedgerSettings = ReturnType<typeof createTeamLedgerSettings>;
