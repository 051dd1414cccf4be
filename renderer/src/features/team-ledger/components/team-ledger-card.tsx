/**
 * Settings → 团队账本 (docs/team-ledger.md §3): the PostgreSQL server, port, database, user, TLS mode with an
 * optional CA file, and the password (sent to main once, sealed there, never shown again); 测试连接 signs
 * in with what was saved and says what went wrong in the clerk's words, and which rights moving this desk's ledger
 * in would need that the login lacks. It says which ledger the desk keeps
 * now; 切换到团队账本 / 回到本机账本 (team-switch-section.tsx), and 迁入团队账本 (team-move-section.tsx). Test ids: team-ledger, team-not-yet, team-host, team-port, team-database,
 * team-user, team-tls, team-ca-file, team-password, team-save, team-test, team-result.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLoopbackHost, TEAM_TLS_MODES, type TeamConnectionTestResult, type TeamLedgerAddress } from '../../../../../shared/ipc/schemas/team-ledger.js';
import { reportSuccess } from '../../../lib/messages.js';
import { loadTeamLedger, saveTeamLedger, testTeamLedger, useTeamLedgerStore } from '../actions.js';
import { missingRightsText } from '../missing-rights.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';
import { TeamMoveSection } from './team-move-section.js';
import { TeamSwitchSection } from './team-switch-section.js';

type TeamForm = Omit<TeamLedgerAddress, 'caFile'> & { caFile?: string; password?: string };

const DEFAULTS: Partial<TeamForm> = { port: 5432, database: 'fapiao', tls: 'verify-full' };

/** i18next's typed `t` takes literal keys only; outcome keys arrive from main at run time. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

function outcomeKey(result: TeamConnectionTestResult): string {
  // A role refused on named tables gets the sentence that names them.
  if (result.key === 'noRights' && result.params.tables !== undefined) return 'ledger.team.outcome.noRightsOn';
  return `ledger.team.outcome.${result.key}`;
}

export function TeamLedgerCard() {
  const { t } = useTranslation();
  // Team-ledger settings are an admin's (shared/ipc/rights.ts); main refuses anyone else anyway.
  const adminNeeded = useRightNeeded('teamLedger:save');
  const mayAdmin = adminNeeded === null;
  const say = t as unknown as DynamicT;
  const { view, busy, lastTest } = useTeamLedgerStore();
  const [form] = Form.useForm<TeamForm>();
  const tls = Form.useWatch('tls', form);

  useEffect(() => {
    void loadTeamLedger();
  }, []);
  useEffect(() => {
    if (view?.address) form.setFieldsValue({ ...view.address, caFile: view.address.caFile ?? undefined });
  }, [view, form]);

  const submit = async ({ password, caFile, ...address }: TeamForm) => {
    const ca = address.tls === 'verify-full' && caFile?.trim() ? caFile.trim() : null;
    if (await saveTeamLedger({ ...address, caFile: ca, ...(password ? { password } : {}) })) {
      form.setFieldValue('password', undefined);
      reportSuccess(t('ledger.team.saved'));
    }
  };

  const required = (message: string) => [{ required: true, message }];
  const saved = view?.address != null && view.hasPassword;

  return (
    <Card title={t('ledger.team.title')} data-testid="team-ledger">
      {view && !view.enabled && <Alert type="info" showIcon message={t('ledger.team.notYet')} data-testid="team-not-yet" style={{ marginBottom: 16 }} />}
      {view?.passwordUnreadable && <Alert type="error" showIcon message={t('ledger.team.passwordUnreadable')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={DEFAULTS} onFinish={(values) => void submit(values)} style={{ maxWidth: 560 }}>
        <Space.Compact block>
          <Form.Item name="host" label={t('ledger.team.host')} rules={required(t('ledger.team.required.host'))} style={{ flex: 1 }}>
            <Input placeholder="db.example.com" data-testid="team-host" autoComplete="off" />
          </Form.Item>
          <Form.Item name="port" label={t('ledger.team.port')} rules={required(t('ledger.team.required.port'))} style={{ width: 120 }}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="team-port" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="database" label={t('ledger.team.database')} rules={required(t('ledger.team.required.database'))}>
          <Input data-testid="team-database" autoComplete="off" />
        </Form.Item>
        <Form.Item name="user" label={t('ledger.team.user')} rules={required(t('ledger.team.required.user'))}>
          <Input data-testid="team-user" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="tls"
          label={t('ledger.team.tls')}
          dependencies={['host']}
          // The same rule main holds when saving and connecting: no clear text to a server off this machine.
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, mode: unknown) => {
                const host = String(getFieldValue('host') ?? '').trim();
                if (mode === 'disable' && host !== '' && !isLoopbackHost(host)) throw new Error(t('ledger.team.errors.tlsOffMachine', { host }));
              },
            }),
          ]}
        >
          <Select data-testid="team-tls" options={TEAM_TLS_MODES.map((mode) => ({ value: mode, label: t(`ledger.team.tlsModes.${mode}`) }))} />
        </Form.Item>
        {tls === 'verify-full' && (
          <Form.Item name="caFile" label={t('ledger.team.caFile')} extra={t('ledger.team.caFileHint')}>
            <Input data-testid="team-ca-file" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t('ledger.team.password')}
          extra={view?.hasPassword ? t('ledger.team.passwordStored') : t('ledger.team.passwordMissing')}
          rules={[{ required: !view?.hasPassword, message: t('ledger.team.required.password') }]}
        >
          <Input.Password data-testid="team-password" autoComplete="new-password" />
        </Form.Item>
        <Space>
          <WhyDisabled reason={adminNeeded} testId="team-save">
            <Button type="primary" htmlType="submit" loading={busy === 'saving'} disabled={!mayAdmin} data-testid="team-save">
              {t('ledger.team.save')}
            </Button>
          </WhyDisabled>
          <WhyDisabled reason={adminNeeded ?? (saved ? null : t('ledger.team.saveBeforeTest'))} testId="team-test">
            <Button onClick={() => void testTeamLedger()} loading={busy === 'testing'} disabled={!saved || !mayAdmin} data-testid="team-test">
              {t('ledger.team.test')}
            </Button>
          </WhyDisabled>
        </Space>
      </Form>
      {lastTest && (
        <Alert
          style={{ marginTop: 16 }}
          type={lastTest.ok ? 'success' : 'error'}
          showIcon
          data-testid="team-result"
          message={lastTest.ok ? t('ledger.team.connected') : t('ledger.team.failed')}
          description={say(outcomeKey(lastTest), lastTest.params)}
        />
      )}
      {lastTest?.moveIn && lastTest.moveIn.missing.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          data-testid="team-move-rights"
          message={say('ledger.team.outcome.moveInMissing', { rights: missingRightsText(lastTest.moveIn.missing, say) })}
        />
      )}
      <TeamSwitchSection />
      <TeamMoveSection saved={saved && mayAdmin} />
    </Card>
  );
}
