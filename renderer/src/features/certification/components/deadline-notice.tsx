/**
 * The certification deadline warning in the app frame: the GXJZR warning is seen on whatever view the
 * desk has open, as soon as the summary says so (actions.ts watchCertification keeps it current), and a
 * click opens 勾选认证. Test id: desk-deadline-warning.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationSummary } from '../../../../../shared/ipc/schemas/certification.js';
import { useAppStore } from '../../../app/store.js';
import { formatDate } from '../../../lib/format.js';
import { useCertificationStore } from '../store.js';

export function deadlineText(summary: CertificationSummary | null): string {
  return formatDate(summary?.deadline);
}

export function DeadlineNotice() {
  const { t } = useTranslation();
  const summary = useCertificationStore((s) => s.summary);
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  // The certification view shows its own warning.
  if (!summary?.warn || summary.daysLeft === null || view === 'certification') return null;
  const deadline = deadlineText(summary);
  return (
    <Alert
      data-testid="desk-deadline-warning"
      banner
      type={summary.daysLeft < 0 ? 'error' : 'warning'}
      title={summary.daysLeft < 0 ? t('certification.summary.passed', { deadline }) : t('certification.summary.warning', { deadline, days: summary.daysLeft })}
      action={
        <Button size="small" onClick={() => setView('certification')}>
          {t('nav.certification')}
        </Button>
      }
    />
  );
}
