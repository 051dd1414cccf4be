/**
 * Settings → 团队账本 (docs/team-ledger.md §3): where the team's PostgreSQL ledger is, saved in the desk's
 * settings; its password sealed in the vault like the service's AppSecret (never stored in plain text,
 * never sent back); 测试连接 against what was saved (the team database reached through the port
 * main/ledger/team-admin.ts, never main/ledger/pg); and 切换到团队账本 / 回到本机账本: after a successful
 * test (which also checks the schema) the choice is saved and the core restarts on that ledger
 * (`savedLedgerChoice`, read by core.ts at its start). The desk's SQLite file stays open on both ledgers for
 * what is the desk's own (these settings, the vault).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { IpcFailure } from '../../../shared/ipc/index.js';
import {
  TeamLedgerAddress,
  TeamMoveRecord,
  type SaveTeamLedgerRequest,
  type SwitchLedgerRequest,
  type TeamConnection,
  type TeamConnectionTestResult,
  type TeamLedgerView,
} from '../../../shared/ipc/schemas/team-ledger.js';
import type { Db } from '../../db/open.js';
import type { TeamLedgerAdmin } from '../../ledger/team-admin.js';
import type { LedgerChoice } from '../../ledger/team-desk.js';
import { SECRET_NAMES, secretUnreadable, type Vault } from '../../security/vault.js';
import type { SettingsRepo } from './repo.js';

const ADDRESS_KEY = 'team.address';
/** '1' while the desk keeps its ledger in the team ledger (switched in settings). */
const ACTIVE_KEY = 'team.active';
/** This desk's name on the team ledger, made once: leases and notifications tell desks apart by it. */
const DESK_KEY = 'team.desk';
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

/**
 * This desk's name on the team ledger: the machine's and a random part, kept in its settings. Also the desk
 * its audit events name on its own ledger (core.ts), so a desk is called the same before and after moving in.
 */
export function deskName(repo: SettingsRepo, now: () => Date): string {
  const kept = repo.get(DESK_KEY);
  if (kept !== null) return kept;
  const made = `${os.hostname().slice(0, 60)}-${crypto.randomBytes(4).toString('hex')}`;
  repo.set(DESK_KEY, made, now().toISOString());
  return made;
}

/**
 * The ledger the desk chose (core.ts, at start): the team's when it switched and the address and password
 * are still there; otherwise its own. A sealed password that cannot be read any more keeps the desk on its own.
 */
export function savedLedgerChoice(repo: SettingsRepo, vault: Vault, now: () => Date = () => new Date()): LedgerChoice {
  if (repo.get(ACTIVE_KEY) !== '1') return { kind: 'sqlite' };
  const address = readJson(repo, ADDRESS_KEY, TeamLedgerAddress);
  const password = secretUnreadable(vault, SECRET_NAMES.teamLedgerPassword) ? null : vault.reveal(SECRET_NAMES.teamLedgerPassword);
  if (address === null || password === null) return { kind: 'sqlite' };
  return { kind: 'team', address, password, desk: deskName(repo, now) };
}

export interface TeamLedgerSettingsDeps {
  db: Db;
  repo: SettingsRepo;
  vault: Vault;
  /** The team database as settings reaches it (main/ledger/team-admin.ts): the address rule, the test, the schema version. */
  admin: Pick<TeamLedgerAdmin, 'addressRefusal' | 'testConnection' | 'expectedSchemaVersion'>;
  now?: () => Date;
  /** The ledger this core runs on, and a team desk's connection state (null on the desk's own ledger). */
  running?: () => { kind: LedgerChoice['kind']; connection: TeamConnection | null };
  /** Outbox rows of this desk's own ledger not finished yet: they need this ledger, so no switch away from it. */
  pendingOnDesk?: () => number;
  /** Closes the core and opens it again on the chosen ledger (the ledger guard's); absent: no switching here. */
  restart?: () => Promise<void>;
  /** Runs before a switch restarts the core, still on the ledger being left (the audit events of the switch). */
  beforeSwitch?: (to: SwitchLedgerRequest['to']) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
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
    const running = deps.running?.() ?? { kind: 'sqlite', connection: null };
    return {
      address: savedAddress(),
      hasPassword: vault.has(SECRET_NAMES.teamLedgerPassword),
      passwordUnreadable: secretUnreadable(vault, SECRET_NAMES.teamLedgerPassword),
      enabled: running.kind === 'team',
      connection: running.connection,
      movedIn: readJson(repo, MOVED_KEY, TeamMoveRecord),
    };
  }

  /** Signs in with what was saved; the outcome's key says what happened. */
  async function testConnection(): Promise<TeamConnectionTestResult> {
    const found = saved();
    if (found === null) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.saveFirst');
    return deps.admin.testConnection(found.address, found.password);
  }

  /** Saves the choice and restarts the core on it once this answer has gone out. */
  async function restartOn(active: boolean): Promise<TeamLedgerView> {
    const restart = deps.restart;
    if (!restart) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.noRestart');
    await deps.beforeSwitch?.(active ? 'team' : 'desk');
    repo.set(ACTIVE_KEY, active ? '1' : '0', now().toISOString());
    const answer = view();
    setImmediate(() => void restart().catch((error: unknown) => deps.log?.('restarting the core on the other ledger failed', error)));
    return { ...answer, enabled: active };
  }

  return {
    get: view,

    saved,

    save(request: SaveTeamLedgerRequest): TeamLedgerView {
      const { password, ...address } = request;
      // TLS off only for a server on this machine (docs/team-ledger.md §7): refused before anything is kept.
      const refused = deps.admin.addressRefusal(address);
      if (refused !== null) {
        throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.tlsOffMachine', { host: refused.host }, { details: { field: 'tls' }, message: refused.message });
      }
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

    testConnection,

    /** 切换到团队账本 after a test that signs in and finds this desk's schema; 回到本机账本 at once. */
    async switchLedger({ to }: SwitchLedgerRequest): Promise<TeamLedgerView> {
      const running = deps.running?.().kind ?? 'sqlite';
      if (to === 'desk') {
        if (running === 'sqlite') throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.alreadyDesk');
        return restartOn(false);
      }
      if (running === 'team') throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.alreadyTeam');
      const pending = deps.pendingOnDesk?.() ?? 0;
      if (pending > 0) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.pendingOnDesk', { pending });
      const tested = await testConnection();
      if (tested.key === 'empty') throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.noLedgerYet');
      if (!tested.ok) throw new IpcFailure(tested.key === 'unreachable' || tested.key === 'timeout' || tested.key === 'serverUnavailable' ? 'TEAM_LEDGER_UNREACHABLE' : 'VALIDATION_FAILED', `ledger.team.outcome.${tested.key}`, tested.params, { message: tested.message });
      const expected = deps.admin.expectedSchemaVersion();
      if (tested.schemaVersion !== expected) {
        throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.schemaOlder', { found: tested.schemaVersion ?? 0, code: expected });
      }
      return restartOn(true);
    },
  };
}

export type TeamLedgerSettings = ReturnType<typeof createTeamLedgerSettings>;
