/**
 * The "data and backups" card of settings: back up now, check integrity, restore, change the backup folder.
 * Restoring and the backup folder are an admin's (shared/ipc/rights.ts): for anyone else they are disabled,
 * saying which right they need, instead of refused after the click.
 */
import { useEffect } from 'react';
import { Button, Card, Descriptions, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportSuccess } from '../../../lib/messages.js';
import { backupNow, checkIntegrity, chooseBackupFolder, loadLedger, restoreBackup, useLedgerStore } from '../actions.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';

export function DataCard() {
  const { t } = useTranslation();
  const { status, backups, busy } = useLedgerStore();
  useEffect(() => {
    void loadLedger();
  }, []);
  const when = (iso: string) => formatDateTime(iso);
  const restoreNeeds = useRightNeeded('ledger:restore');
  const folderNeeds = useRightNeeded('ledger:chooseBackupFolder');

  return (
    <Card title={t('ledger.data.title')} data-testid="ledger-data">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('ledger.data.dataDir')}>{status?.dataDir ?? '…'}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.data.backupDir')}>{status?.backupDir ?? '…'}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.data.lastBackup')}>
          <span data-testid="ledger-last-backup">{status?.lastBackupAt ? when(status.lastBackupAt) : t('ledger.data.never')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('ledger.data.policy')}</Typography.Paragraph>
      <Space wrap>
        <Button
          loading={busy}
          onClick={() => void backupNow().then((backup) => backup && reportSuccess(t('ledger.data.backedUp')))}
          data-testid="ledger-backup-now"
        >
          {t('ledger.data.backupNow')}
        </Button>
        <Button loading={busy} onClick={() => void checkIntegrity().then((ok) => ok && reportSuccess(t('ledger.data.checkOk')))} data-testid="ledger-check">
          {t('ledger.data.check')}
        </Button>
        <WhyDisabled reason={folderNeeds} testId="ledger-choose-folder">
          <Button loading={busy} disabled={folderNeeds !== null} onClick={() => void chooseBackupFolder()} data-testid="ledger-choose-folder">
            {t('ledger.data.chooseFolder')}
          </Button>
        </WhyDisabled>
      </Space>
      {backups.length > 0 && (
        <List
          style={{ marginTop: 16 }}
          size="small"
          header={t('ledger.data.backups')}
          dataSource={backups}
          renderItem={(backup) => (
            <List.Item
              actions={[
                <WhyDisabled key="restore" reason={restoreNeeds} testId={`ledger-restore-${backup.name}`}>
                  <Button size="small" disabled={restoreNeeds !== null} onClick={() => void restoreBackup(backup.name)} data-testid={`ledger-restore-${backup.name}`}>
                    {t('ledger.data.restore')}
                  </Button>
                </WhyDisabled>,
              ]}
            >
              {when(backup.createdAt)} · {t(`ledger.data.kinds.${backup.kind}`)} · {Math.ceil(backup.bytes / 1024)} KB
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
