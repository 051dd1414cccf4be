/** Settings → 团队账本's only calls to main (`teamLedger:*`), and what main last said (a move's progress too). */
import { create } from 'zustand';
import type { IpcError } from '../../../../shared/ipc/index.js';
import type { SaveTeamLedgerRequest, TeamConnection, TeamConnectionTestResult, TeamLedgerView, TeamMoveProgress, TeamMoveResult } from '../../../../shared/ipc/schemas/team-ledger.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';
import { callOrder } from '../../lib/call-order.js';

interface TeamLedgerState {
  view: TeamLedgerView | null;
  busy: 'saving' | 'testing' | 'moving' | 'switching' | null;
  lastTest: TeamConnectionTestResult | null;
  /** While moving in: how far it is. */
  moveProgress: TeamMoveProgress | null;
  /** How the last move in ended: what was moved, or why nothing was. */
  lastMove: { ok: true; result: TeamMoveResult } | { ok: false; error: IpcError } | null;
}

export const useTeamLedgerStore = create<TeamLedgerState>()(() => ({ view: null, busy: null, lastTest: null, moveProgress: null, lastMove: null }));

/** Reads and saves of the connection both answer with the view: an older one never replaces a newer one. */
const viewCalls = callOrder();

export async function loadTeamLedger(options: { quiet?: boolean } = {}): Promise<void> {
  const answered = viewCalls.begin();
  const result = await getApi().teamLedger.get();
  if (!answered(result.ok)) return;
  if (result.ok) useTeamLedgerStore.setState({ view: result.value });
  // The header asks quietly: signed out or starting, it simply shows nothing yet.
  else if (!options.quiet) reportFailure(result.error, 'team-ledger');
}

export async function saveTeamLedger(request: SaveTeamLedgerRequest): Promise<boolean> {
  useTeamLedgerStore.setState({ busy: 'saving' });
  const answered = viewCalls.begin();
  const result = await getApi().teamLedger.save(request);
  // The save's answer is the connection as saved: shown whatever a read begun meanwhile answered.
  answered(result.ok);
  useTeamLedgerStore.setState({ busy: null, ...(result.ok ? { view: result.value, lastTest: null } : {}) });
  if (!result.ok) reportFailure(result.error, 'team-ledger');
  return result.ok;
}

export async function testTeamLedger(): Promise<void> {
  useTeamLedgerStore.setState({ busy: 'testing', lastTest: null });
  const result = await getApi().teamLedger.test();
  useTeamLedgerStore.setState({ busy: null, lastTest: result.ok ? result.value : null });
  if (!result.ok) reportFailure(result.error, 'team-ledger');
}

/** 迁入团队账本: main asks the clerk to confirm, copies, compares; progress arrives as events. */
export async function moveIntoTeamLedger(): Promise<void> {
  useTeamLedgerStore.setState({ busy: 'moving', moveProgress: null, lastMove: null });
  const off = getApi().on('teamLedger:moveProgress', (progress) => useTeamLedgerStore.setState({ moveProgress: progress }));
  try {
    const result = await getApi().teamLedger.moveIn();
    if (result.ok) {
      useTeamLedgerStore.setState({ lastMove: { ok: true, result: result.value } });
      await loadTeamLedger();
    } else if (result.error.code !== 'CONFIRMATION_DECLINED') {
      useTeamLedgerStore.setState({ lastMove: { ok: false, error: result.error } });
    }
  } finally {
    off();
    useTeamLedgerStore.setState({ busy: null, moveProgress: null });
  }
}

/**
 * 切换到团队账本 / 回到本机账本: main tests the connection and the schema first, answers, then restarts the
 * core on the other ledger; the restart reaches every view as a `ledger` change, and the card reloads.
 */
export async function switchLedger(to: 'team' | 'desk'): Promise<boolean> {
  useTeamLedgerStore.setState({ busy: 'switching' });
  const result = await getApi().teamLedger.switch({ to });
  useTeamLedgerStore.setState({ busy: null, ...(result.ok ? { view: result.value } : {}) });
  if (!result.ok) reportFailure(result.error, 'team-ledger');
  return result.ok;
}

/** A team desk's connection as main last told it (the header's state); null on the desk's own ledger. */
export function currentConnection(view: TeamLedgerView | null, pushed: TeamConnection | null): TeamConnection | null {
  if (!view?.enabled) return null;
  return pushed ?? view.connection;
}

/** Calls `listener` with each connection state main pushes (lost, back); returns how to stop. */
export function onTeamConnection(listener: (connection: TeamConnection) => void): () => void {
  return getApi().on('teamLedger:connection', listener);
}
