/**
 * 服务不可达: shown across the app while the invoice service does not answer (the sandbox process died,
 * or a live service is offline), with what happens to the clerk's work and a button to restart or
 * reconnect. Hidden while the service answers.
 */
import { useEffect } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { followServiceStatus, reconnect } from '../actions.js';
import { useServiceStatusStore } from '../store.js';

export function ServiceBanner() {
  const { t } = useTranslation();
  const status = useServiceStatusStore((s) => s.status);
  const reconnecting = useServiceStatusStore((s) => s.reconnecting);
  useEffect(() => followServiceStatus(), []);

  if (!status || status.state === 'reachable') return null;
  // One banner while the service is away, restarting included, so it does not flicker between attempts.
  const restarting = status.state === 'restarting';
  const description = restarting ? t('serviceStatus.restarting') : status.cause === 'sandbox-exited' ? t('serviceStatus.sandboxExited') : t('serviceStatus.noAnswer');
  return (
    <Alert
      banner
      type="error"
      showIcon
      role="alert"
      data-testid="service-banner"
      data-state={status.state}
      title={t('serviceStatus.unreachableTitle')}
      description={description}
      action={
        <Button size="small" loading={reconnecting || restarting} onClick={() => void reconnect()} data-testid="service-reconnect">
          {status.canRestart ? t('serviceStatus.restart') : t('serviceStatus.retry')}
        </Button>
      }
    />
  );
}
