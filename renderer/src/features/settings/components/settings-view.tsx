/**
 * 设置: which invoice service the app talks to. The embedded sandbox is the default; a remote service
 * needs its address, AppKey and AppSecret. The secret goes to main's vault and never comes back: the
 * form only shows whether one is stored. A change takes effect at the next start (main says so).
 * Test ids: settings-view, settings-environment, settings-restart, remote-base-url, remote-app-key,
 * remote-app-secret, remote-seller-tax, remote-seller-name, save-remote, use-sandbox, test-connection,
 * connection-result.
 */
import { useEffect } from 'react';
import { DataCard } from '../../ledger/components/data-card.js';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SetRemoteRequest } from '../../../../../shared/ipc/schemas/settings.js';
import { reportSuccess } from '../../../lib/messages.js';
import { TaxCodeTableCard } from '../../tax-codes/components/tax-code-table-card.js';
import { TeamLedgerCard } from '../../team-ledger/components/team-ledger-card.js';
import { ClerksCard } from '../../clerks/components/clerks-card.js';
import { AuditCard } from '../../audit/components/audit-card.js';
import { loadSettings, saveRemote, switchToSandbox, testConnection } from '../actions.js';
import { useSettingsStore } from '../store.js';
import { useAllowed } from '../../clerks/actions.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';

interface RemoteForm {
  baseUrl: string;
  appKey: string;
  appSecret?: string;
  sellerTaxNumber?: string;
  sellerName?: string;
}

export function SettingsView() {
  const { t } = useTranslation();
  // The service is the desk's setting, an admin's (shared/ipc/rights.ts); main refuses anyone else anyway.
  const mayAdmin = useAllowed('settings:setRemote');
  // The service settings are an admin's: greyed for anyone else, saying so.
  const adminNeeded = useRightNeeded('settings:setRemote');
  const view = useSettingsStore((s) => s.view);
  const busy = useSettingsStore((s) => s.busy);
  const lastTest = useSettingsStore((s) => s.lastTest);
  const [form] = Form.useForm<RemoteForm>();

  useEffect(() => {
    void loadSettings();
  }, []);

  useEffect(() => {
    if (!view?.remote) return;
    form.setFieldsValue({
      baseUrl: view.remote.baseUrl,
      appKey: view.remote.appKey,
      sellerTaxNumber: view.remote.seller?.taxNumber,
      sellerName: view.remote.seller?.name,
    });
  }, [view, form]);

  const submit = async (values: RemoteForm) => {
    const request: SetRemoteRequest = {
      baseUrl: values.baseUrl,
      appKey: values.appKey,
      ...(values.appSecret ? { appSecret: values.appSecret } : {}),
      ...(values.sellerTaxNumber && values.sellerName ? { seller: { taxNumber: values.sellerTaxNumber, name: values.sellerName } } : {}),
    };
    if (await saveRemote(request)) {
      form.setFieldValue('appSecret', undefined);
      reportSuccess(t('settings.saved'));
    }
  };

  const envLabel = (env: 'sandbox' | 'remote') => (env === 'sandbox' ? t('settings.sandbox') : t('settings.remote'));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="settings-view">
      <Card title={t('settings.current')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('settings.active')}>
            <Tag color={view?.activeEnvironment === 'sandbox' ? 'orange' : 'green'} data-testid="settings-environment">
              {view ? envLabel(view.activeEnvironment) : '…'}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.saved')}>{view ? envLabel(view.environment) : '…'}</Descriptions.Item>
          <Descriptions.Item label={t('settings.secretBackend')}>{view?.secretBackend ?? '…'}</Descriptions.Item>
        </Descriptions>
        {view?.remote?.appSecretUnreadable && (
          <Alert type="error" showIcon message={t('settings.secretUnreadable')} data-testid="settings-secret-unreadable" style={{ marginBottom: 8 }} />
        )}
        {view?.secretBackend.endsWith(':basic_text') && (
          <Alert type="warning" showIcon message={t('settings.secretObfuscated')} data-testid="settings-secret-obfuscated" style={{ marginBottom: 8 }} />
        )}
        {view?.restartRequired && <Alert type="info" showIcon message={t('settings.restartRequired')} data-testid="settings-restart" />}
        <Space style={{ marginTop: 16 }}>
          <WhyDisabled reason={adminNeeded} testId="test-connection">
            <Button onClick={() => void testConnection()} loading={busy === 'testing'} disabled={!mayAdmin} data-testid="test-connection">
              {t('settings.testConnection')}
            </Button>
          </WhyDisabled>
          <WhyDisabled reason={adminNeeded} testId="use-sandbox">
            <Button onClick={() => void switchToSandbox()} disabled={view?.environment === 'sandbox' || !mayAdmin} data-testid="use-sandbox">
              {t('settings.useSandbox')}
            </Button>
          </WhyDisabled>
        </Space>
        {lastTest && (
          <Alert
            style={{ marginTop: 16 }}
            type={lastTest.ok ? 'success' : 'error'}
            showIcon
            data-testid="connection-result"
            message={lastTest.ok ? t('settings.connectionOk', { ms: lastTest.durationMs }) : t('settings.connectionFailed')}
            description={`${lastTest.endpoint} → ${lastTest.httpStatus ?? '—'} ${lastTest.code ?? ''} ${t(`settings.test.${lastTest.key}`, lastTest.params)}`}
          />
        )}
      </Card>

      <Card title={t('settings.remoteTitle')}>
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 560 }}>
          <Form.Item name="baseUrl" label={t('settings.baseUrl')} rules={[{ required: true, message: t('settings.baseUrlRequired') }]}>
            <Input placeholder="https://" data-testid="remote-base-url" />
          </Form.Item>
          <Form.Item name="appKey" label="AppKey" rules={[{ required: true, message: t('settings.appKeyRequired') }]}>
            <Input data-testid="remote-app-key" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label="AppSecret"
            extra={view?.remote?.hasAppSecret ? t('settings.secretStored') : t('settings.secretMissing')}
            rules={[{ required: !view?.remote?.hasAppSecret, message: t('settings.appSecretRequired') }]}
          >
            <Input.Password data-testid="remote-app-secret" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="sellerTaxNumber" label={t('settings.sellerTaxNumber')}>
            <Input data-testid="remote-seller-tax" />
          </Form.Item>
          <Form.Item name="sellerName" label={t('settings.sellerName')}>
            <Input data-testid="remote-seller-name" />
          </Form.Item>
          <WhyDisabled reason={adminNeeded} testId="save-remote">
            <Button type="primary" htmlType="submit" loading={busy === 'saving'} disabled={!mayAdmin} data-testid="save-remote">
              {t('settings.saveRemote')}
            </Button>
          </WhyDisabled>
        </Form>
      </Card>
      <DataCard />

      <ClerksCard />
      <AuditCard />
      <TeamLedgerCard />

      <TaxCodeTableCard />
    </Space>
  );
}
