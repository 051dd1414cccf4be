/**
 * Shown instead of the app when main holds the history database in recovery. A missing, emptied or
 * damaged database: restore the newest good backup, open another data folder, or start fresh after typing
 * the confirmation word. A folder that cannot be used now (gone, read-only, full, held by another
 * program): fix it outside the app and retry, or open another folder — restoring or starting over there
 * would fail or hide the real history. Nothing else is reachable, so nothing can be issued meanwhile.
 */
import { useState } from 'react';
import { Alert, Button, Card, Input, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerStatus } from '../../../../../shared/ipc/schemas/ledger.js';
import { openDataFolder, restoreBackup, retryLedger, startFresh, useLedgerStore } from '../actions.js';
import { formatDateTime } from '../../../lib/format.js';

/** Problems fixed outside the app (main/ledger/health.ts RETRYABLE_PROBLEMS). */
const RETRYABLE = new Set<string>(['folder-missing', 'read-only', 'disk-full', 'locked']);

export function RecoveryScreen({ status }: { status: LedgerStatus }) {
  const { t } = useTranslation();
  const busy = useLedgerStore((s) => s.busy);
  const [typed, setTyped] = useState('');
  const word = t('ledger.recovery.freshWord');
  const newest = status.newestGoodBackup;
  const retryable = status.problem !== null && RETRYABLE.has(status.problem);
  const when = (iso: string) => formatDateTime(iso);

  return (
    <Layout style={{ minHeight: '100vh', padding: 32 }} data-testid="recovery-screen">
      <Space direction="vertical" size="large" style={{ maxWidth: 760, margin: '0 auto', width: '100%' }}>
        <Typography.Title level={2}>{t('ledger.recovery.title')}</Typography.Title>
        <Alert
          type="error"
          showIcon
          message={t(`ledger.recovery.${status.problem ?? 'damaged'}`)}
          description={t('ledger.recovery.safe')}
          data-testid="recovery-problem"
        />
        {retryable && (
          <Card title={t('ledger.recovery.retryTitle')}>
            <Space direction="vertical">
              <Typography.Text>{t('ledger.recovery.retryHint', { dir: status.dataDir })}</Typography.Text>
              <Button type="primary" autoFocus loading={busy} onClick={() => void retryLedger()} data-testid="recovery-retry">
                {t('ledger.recovery.retry')}
              </Button>
            </Space>
          </Card>
        )}
        {!retryable && (
        <Card title={t('ledger.recovery.restoreTitle')}>
          {newest ? (
            <Space direction="vertical">
              <Typography.Text data-testid="recovery-newest">
                {t('ledger.recovery.restoreNewest', { when: when(newest.createdAt), kind: t(`ledger.data.kinds.${newest.kind}`) })}
              </Typography.Text>
              <Typography.Text type="secondary">{t('ledger.recovery.keptAside')}</Typography.Text>
              <Button type="primary" loading={busy} onClick={() => void restoreBackup(newest.name)} data-testid="recovery-restore">
                {t('ledger.recovery.restore')}
              </Button>
            </Space>
          ) : (
            <Typography.Text>{t('ledger.recovery.noBackup', { dir: status.backupDir })}</Typography.Text>
          )}
        </Card>
        )}
        <Card title={t('ledger.recovery.openFolderTitle')}>
          <Space direction="vertical">
            <Typography.Text>{t('ledger.recovery.openFolderHint')}</Typography.Text>
            <Button loading={busy} onClick={() => void openDataFolder()} data-testid="recovery-open-folder">
              {t('ledger.recovery.openFolder')}
            </Button>
          </Space>
        </Card>
        {!retryable && (
        <Card title={t('ledger.recovery.freshTitle')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>{t('ledger.recovery.freshHint', { word })}</Typography.Text>
            <Input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={word} style={{ maxWidth: 240 }} data-testid="recovery-fresh-word" />
            <Button danger disabled={typed.trim() !== word} loading={busy} onClick={() => void startFresh(typed)} data-testid="recovery-fresh">
              {t('ledger.recovery.fresh')}
            </Button>
          </Space>
        </Card>
        )}
        {status.detail && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('ledger.recovery.detail')}: {status.detail}
          </Typography.Text>
        )}
      </Space>
    </Layout>
  );
}
