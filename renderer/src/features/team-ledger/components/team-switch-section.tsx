/**
 * Settings → 团队账本 → 切换到团队账本 / 回到本机账本 (docs/team-ledger.md §3). Switching asks once (the desk
 * restarts its ledger), main checks the connection and the schema before it switches, and the page follows
 * the restart by itself. Test ids: team-switch, team-switch-back, team-active.
 */
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLedger, useTeamLedgerStore } from '../actions.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';

export function TeamSwitchSection() {
  const { t } = useTranslation();
  const { view, busy } = useTeamLedgerStore();
  // Switching is an admin's (shared/ipc/rights.ts): greyed for anyone else, saying so.
  const needs = useRightNeeded('teamLedger:switch');
  const allowed = needs === null;
  if (!view) return null;
  const saved = view.address !== null && view.hasPassword;
  if (view.enabled) {
    return (
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Alert type="success" showIcon data-testid="team-active" message={t('ledger.team.switch.active', { database: view.address?.database ?? '', host: view.address?.host ?? '' })} />
        <WhyDisabled reason={needs} testId="team-switch-back">
          <Popconfirm title={t('ledger.team.switch.backConfirm')} okText={t('ledger.team.switch.back')} cancelText={t('ledger.team.switch.cancel')} onConfirm={() => void switchLedger('desk')} disabled={!allowed}>
            <Button loading={busy === 'switching'} disabled={!allowed} data-testid="team-switch-back">
              {t('ledger.team.switch.back')}
            </Button>
          </Popconfirm>
        </WhyDisabled>
      </Space>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      <WhyDisabled reason={needs} testId="team-switch">
        <Popconfirm title={t('ledger.team.switch.confirm')} okText={t('ledger.team.switch.start')} cancelText={t('ledger.team.switch.cancel')} onConfirm={() => void switchLedger('team')} disabled={!saved || !allowed}>
          <Button type="primary" ghost loading={busy === 'switching'} disabled={!saved || !allowed} data-testid="team-switch">
            {t('ledger.team.switch.start')}
          </Button>
        </Popconfirm>
      </WhyDisabled>
    </Space>
  );
}
