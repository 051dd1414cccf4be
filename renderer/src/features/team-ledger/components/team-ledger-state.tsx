/**
 * The header's word on a team desk's ledger (docs/team-ledger.md §7): 团队账本 with its database while
 * connected, 未连接团队账本 (since when, and that it reconnects by itself) while the database is out of reach.
 * Nothing on a desk on its own ledger. Follows `teamLedger:connection` and reloads on a `ledger` change (a
 * switch restarts the core). Test id: team-ledger-state.
 */
import { useEffect, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamConnection } from '../../../../../shared/ipc/schemas/team-ledger.js';
import { subscribeChanges } from '../../../lib/change-feed.js';
import { currentConnection, loadTeamLedger, onTeamConnection, useTeamLedgerStore } from '../actions.js';

export function TeamLedgerState() {
  const { t } = useTranslation();
  const view = useTeamLedgerStore((s) => s.view);
  const [pushed, setPushed] = useState<TeamConnection | null>(null);
  useEffect(() => {
    void loadTeamLedger({ quiet: true });
    const off = onTeamConnection(setPushed);
    const stop = subscribeChanges([], () => {
      setPushed(null);
      void loadTeamLedger({ quiet: true });
    });
    return () => {
      off();
      stop();
    };
  }, []);
  const connection = currentConnection(view, pushed);
  if (!connection) return null;
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '—');
  if (connection.state === 'unreachable') {
    return (
      <Tooltip title={t('ledger.team.state.unreachableHint', { since: time(connection.since), last: time(connection.lastContact) })}>
        <Tag color="red" data-testid="team-ledger-state">
          {t('ledger.team.state.unreachable')}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t('ledger.team.state.hint', { database: connection.database, host: connection.host, desk: connection.desk })}>
      <Tag color={connection.state === 'connected' ? 'blue' : 'default'} data-testid="team-ledger-state">
        {connection.state === 'connected' ? t('ledger.team.state.connected', { database: connection.database }) : t('ledger.team.state.connecting')}
      </Tag>
    </Tooltip>
  );
}
