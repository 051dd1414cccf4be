/**
 * What the window shows until the app has started (issue 26 point 3): at once a start-up state, and if
 * the start fails, what failed and what the clerk can do — retry, open the data folder, choose another
 * one, read it in the other language — instead of a blank window and an error box minutes later.
 */
import { Alert, Button, Layout, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StartupStatus } from '../../../../../shared/ipc/channels/startup.js';
import { LanguageSwitch } from '../../../app/language-switch.js';
import { chooseDataFolder, openDataFolder, retryStartup } from '../actions.js';
import { useStartupStore } from '../store.js';

export function StartupScreen({ status }: { status: StartupStatus | null }) {
  return (
    <Layout style={{ minHeight: '100vh', padding: 32 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageSwitch />
      </div>
      {status?.state === 'failed' ? <StartupFailed status={status} /> : <Starting />}
    </Layout>
  );
}

function Starting() {
  const { t } = useTranslation();
  return (
    <Result data-testid="startup-starting" icon={<Spin size="large" />} title={t('startup.starting')} subTitle={t('startup.startingHint')} />
  );
}

function StartupFailed({ status }: { status: StartupStatus }) {
  const { t } = useTranslation();
  const busy = useStartupStore((s) => s.busy);
  const failure = status.failure ?? { what: 'core' as const, detail: '', fileVersion: null };
  return (
    <Space direction="vertical" size="large" style={{ maxWidth: 760, margin: '0 auto', width: '100%' }} data-testid="startup-failed">
      <Result
        status="error"
        title={t('startup.failedTitle')}
        subTitle={<span data-testid="startup-what">{t(`startup.what.${failure.what}`, { fileVersion: failure.fileVersion ?? '' })}</span>}
        style={{ paddingBottom: 0 }}
      />
      <Alert type="info" showIcon message={t(`startup.todo.${failure.what}`)} description={t('startup.safe')} data-testid="startup-todo" />
      <Typography.Text copyable={{ text: status.dataDir }}>{t('startup.dataDir', { dir: status.dataDir })}</Typography.Text>
      <Space wrap>
        <Button type="primary" autoFocus loading={busy} onClick={() => void retryStartup()} data-testid="startup-retry">
          {t('startup.retry')}
        </Button>
        <Button onClick={() => void openDataFolder()} data-testid="startup-open-folder">
          {t('startup.openFolder')}
        </Button>
        <Button disabled={busy} onClick={() => void chooseDataFolder()} data-testid="startup-choose-folder">
          {t('startup.chooseFolder')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" data-testid="startup-detail">
        {t('startup.detail', { attempt: status.attempt })} <Typography.Text code>{failure.detail}</Typography.Text>
      </Typography.Paragraph>
    </Space>
  );
}
