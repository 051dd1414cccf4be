/**
 * Providers and the page frame: antd's locale follows the i18next language, antd's `<App>` gives
 * message/notification their theme (see lib/messages.ts), and the views of views.tsx sit in tabs.
 */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, Layout, Tabs } from 'antd';
import zhCNLocale from 'antd/locale/zh_CN';
import enLocale from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { loadLedger, useLedgerStore } from '../features/ledger/actions.js';
import { RecoveryScreen } from '../features/ledger/components/recovery-screen.js';
import { MessagesBridge } from '../lib/messages.js';
import { PrintDialog } from '../features/print/components/print-dialog.js';
import { AppHeader } from './app-header.js';
import { EnvironmentBanner } from './environment-banner.js';
import { ServiceBanner } from '../features/service-status/components/service-banner.js';
import { useAppStore } from './store.js';
import { useTheme } from './theme.js';
import { VIEWS } from './views.js';
import { loadInfo, restoreLanguage } from './actions.js';
import { useReversalNotices } from '../features/reversal/notices.js';
import { followStartup } from '../features/startup/actions.js';
import { StartupScreen } from '../features/startup/components/startup-screen.js';
import { useStartupStore } from '../features/startup/store.js';
import { DeadlineNotice } from '../features/certification/components/deadline-notice.js';
import { useDeskProjections } from './desk-projections.js';
import { loadSession, useClerksStore } from '../features/clerks/actions.js';
import { SignInScreen } from '../features/clerks/components/sign-in-screen.js';
import { useChanges } from '../lib/change-feed.js';

export function App() {
  const language = useAppStore((s) => s.language);
  const theme = useTheme();
  return (
    <ConfigProvider locale={language === 'zh-CN' ? zhCNLocale : enLocale} theme={theme}>
      <AntApp>
        <MessagesBridge />
        <StartupGate />
      </AntApp>
    </ConfigProvider>
  );
}

/** The window opens at once: until main's core has started, the start-up state or what failed (issue 26). */
function StartupGate() {
  const startup = useStartupStore((s) => s.status);
  useEffect(() => {
    // The clerk's last language, as main remembers it (also while starting or after a failed start).
    void restoreLanguage();
    return followStartup();
  }, []);
  if (startup?.state !== 'ready') return <StartupScreen status={startup} />;
  return <Shell />;
}

function Shell() {
  const ledger = useLedgerStore((s) => s.status);
  const loaded = useLedgerStore((s) => s.loaded);
  useEffect(() => {
    void loadLedger();
  }, []);
  // Main holds the history database in recovery: only the recovery screen, nothing that could issue.
  if (!loaded) return null;
  if (ledger?.mode === 'recovery') return <RecoveryScreen status={ledger} />;
  return <ClerkGate />;
}

/** Once the desk has clerks, nothing but the sign-in screen until someone signs in (main refuses the rest anyway). */
function ClerkGate() {
  const session = useClerksStore((s) => s.session);
  useEffect(() => {
    void loadSession();
  }, []);
  // The clerks changed, maybe at another desk of the team (its first clerk added, this clerk deactivated or
  // given another role): main holds this desk to it already; the page follows (the sign-in screen, the menus).
  useChanges(['clerk'], () => void loadSession());
  if (session === null) return null;
  if (session.clerksExist && session.clerk === null) return <SignInScreen />;
  // A new clerk gets the views afresh: their name as 开票人, nothing of the previous clerk's open work.
  return <Views key={session.clerk?.id ?? 'desk'} />;
}

function Views() {
  const { t } = useTranslation();
  const { view, setView, info } = useAppStore();

  useEffect(() => {
    void loadInfo();
  }, []);
  useReversalNotices();
  useDeskProjections();

  // The tab labels carry the test ids: they are what a user (and Playwright) clicks.
  const items = VIEWS.map(({ key, labelKey, Component }) => ({
    key,
    label: <span data-testid={`nav-${key}`}>{t(labelKey)}</span>,
    children: <Component />,
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <EnvironmentBanner environment={info?.environment} />
      <ServiceBanner />
      <DeadlineNotice />
      <AppHeader />
      <Layout.Content style={{ paddingInline: 24, paddingBottom: 24 }}>
        <Tabs activeKey={view} onChange={(key) => setView(key)} items={items} />
        <PrintDialog />
      </Layout.Content>
    </Layout>
  );
}
