import { Flex, Layout, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClerkMenu } from '../features/clerks/components/clerk-menu.js';
import { ActiveEnterpriseSwitch } from '../features/enterprises/components/active-enterprise-switch.js';
import { TeamLedgerState } from '../features/team-ledger/components/team-ledger-state.js';
import { LanguageSwitch } from './language-switch.js';
import { useAppStore } from './store.js';

export function AppHeader() {
  const { t } = useTranslation();
  const info = useAppStore((s) => s.info);
  return (
    <Layout.Header style={{ background: 'transparent', paddingInline: 24, height: 56, lineHeight: '56px' }}>
      <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="app-title">
            {t('app.name')}
          </Typography.Title>
          {info?.environment === 'sandbox' && (
            <Tag color="orange" data-testid="environment-tag">
              {t('environment.sandboxTag')}
            </Tag>
          )}
          {info && <Typography.Text type="secondary">{t('app.version', { version: info.version })}</Typography.Text>}
        </Flex>
        <Flex align="center" gap={16}>
          <TeamLedgerState />
          <ActiveEnterpriseSwitch />
          <ClerkMenu />
          <LanguageSwitch />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
