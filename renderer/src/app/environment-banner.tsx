/**
 * Shown whenever the app talks to the embedded sandbox (docs/architecture.md §6), so nobody mistakes a test invoice
 * for a real one. Deliberately not closable.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../shared/ipc/schemas/app.js';

export function EnvironmentBanner({ environment }: { environment: Environment | undefined }) {
  const { t } = useTranslation();
  if (environment !== 'sandbox') return null;
  return <Alert banner type="warning" showIcon title={t('environment.sandboxBanner')} data-testid="environment-banner" />;
}
