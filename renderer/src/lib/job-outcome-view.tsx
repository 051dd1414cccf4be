/**
 * The one progress-and-outcome block of a multi-item job (lib/job-outcome.ts): n/m while it runs; at the
 * end the counts ("已打印 2 张，失败 1 张"), green only when nothing failed, orange or red otherwise, with
 * each failure named and its reason. Test ids: `<testId>-progress` (data-done, data-total),
 * `<testId>-summary` (data-succeeded, data-failed, data-pending, data-tone), `<testId>-failure` (data-id).
 */
import { Alert, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobFailureText, jobProgressText, jobSummaryText, jobTone, settledCount, type JobOutcome, type JobWords } from './job-outcome.js';

export interface JobOutcomeViewProps {
  outcome: JobOutcome;
  running: boolean;
  words: JobWords;
  testId: string;
  /** False when the feature lists its failures itself (the print dialog's jobs offer a retry each). */
  listFailures?: boolean;
  /** Extra data attributes on the summary, kept for tests that read a feature's own counts (data-printed). */
  summaryData?: Record<string, string | number>;
}

export function JobOutcomeView({ outcome, running, words, testId, listFailures = true, summaryData = {} }: JobOutcomeViewProps) {
  const { t } = useTranslation();
  const tone = jobTone(outcome, running);
  const done = settledCount(outcome);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small">
      <Progress
        percent={Math.round((100 * done) / Math.max(1, outcome.total))}
        status={tone === 'active' ? 'active' : tone === 'success' ? 'success' : 'exception'}
        format={() => (running ? t('job.running', { done, total: outcome.total }) : jobProgressText(outcome))}
        data-testid={`${testId}-progress`}
        data-done={done}
        data-total={outcome.total}
      />
      {!running && (
        <Alert
          type={tone === 'active' ? 'info' : tone}
          showIcon
          title={jobSummaryText(outcome, words)}
          data-testid={`${testId}-summary`}
          data-succeeded={outcome.succeeded}
          data-failed={outcome.failed}
          data-pending={outcome.pending}
          data-tone={tone}
          {...summaryData}
          description={
            listFailures && outcome.failures.length > 0 ? (
              <Space direction="vertical" size={0}>
                {outcome.failures.map((failure) => (
                  <Typography.Text key={failure.id} type="danger" data-testid={`${testId}-failure`} data-id={failure.id}>
                    {jobFailureText(failure)}
                  </Typography.Text>
                ))}
              </Space>
            ) : undefined
          }
        />
      )}
    </Space>
  );
}
