/** Settings → 团队账本's only calls to main (`teamLedger:*`), and what main last said. */
import { create } from 'zustand';
import type { SaveTeamLedgerRequest, TeamConnectionTestResult, TeamLedgerView } from '../../../../shared/ipc/schemas/team-ledger.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';

interface TeamLedgerState {
  view: TeamLedgerView | null;
  busy: 'saving' | 'testing' | null;
  lastTest: TeamConnectionTestResult | null;
}

export const useTeamLedgerStore = create<TeamLedgerState>()(() => ({ view: null, busy: null, lastTest: null }));

export async function loadTeamLedger(): Promise<void> {
  const result = await getApi().teamLedger.get();
  if (result.ok) useTeamLedgerStore.setState({ view: result.value });
  else reportFailure(result.error, 'team-ledger');
}

export async function saveTeamLedger(request: SaveTeamLedgerRequest): Promise<boolean> {
  useTeamLedgerStore.setState({ busy: 'saving' });
  const result = await getApi().teamLedger.save(request);
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
