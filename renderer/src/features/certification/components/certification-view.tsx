/**
 * 勾选认证: the period summary (certified totals, items by state), the deadline warning three days or
 * less before GXJZR, the batches with each invoice's RZCLZT and, on failure, SBYY and whether it may be
 * requested again, and one action resending every retryable invoice. Test ids: certification-summary,
 * certification-deadline-warning, certification-retry, certification-batch-<PCH>, certification-item-<FPHM>.
 */
import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationBatchView } from '../../../../../shared/ipc/schemas/certification.js';
import { CERTIFICATION_FAILURE_REASONS, type CertificationFailureReason } from '../../../../../shared/spec/codes-input.js';
import { retryFailed } from '../actions.js';
import { jobOutcome, jobSummaryText, jobTone } from '../../../lib/job-outcome.js';
import { formatPeriod } from '../../../lib/format.js';
import { deadlineText } from './deadline-notice.js';
import { useCertificationStore } from '../store.js';

type Item = CertificationBatchView['items'][number];

/** The spec's "may be requested again", told apart from "already requested again" (then no longer offered). */
const retryLabel = (item: Item): 'mayRetry' | 'resent' | 'noRetry' =>
  item.retryable ? 'mayRetry' : item.SBYY !== null && item.SBYY in CERTIFICATION_FAILURE_REASONS && CERTIFICATION_FAILURE_REASONS[item.SBYY as CertificationFailureReason].mayRequestAgain ? 'resent' : 'noRetry';

/**
 * A batch's outcome counted honestly (issue 23 point 3): a decided batch says how many invoices were
 * certified and how many failed — never 已完成 over a failure; the failed ones are named with their
 * reason in the table below.
 */
function BatchOutcome({ batch }: { batch: CertificationBatchView }) {
  const { t } = useTranslation();
  if (batch.status !== 'done') {
    return <Tag color={batch.status === 'rejected' || batch.status === 'failed' ? 'red' : 'blue'}>{t(`certification.batchStatus.${batch.status}`)}</Tag>;
  }
  const outcome = jobOutcome(batch.items, (item) => ({
    id: `${item.FPDM}-${item.FPHM}`,
    name: item.FPHM,
    state: item.RZCLZT === '4' ? 'succeeded' : item.RZCLZT === '5' ? 'failed' : 'pending',
    reason: item.SBYY ? t(`certification.SBYY.${item.SBYY}` as never) : null,
  }));
  const tone = jobTone(outcome, false);
  return (
    <Tag data-testid={`certification-outcome-${batch.PCH}`} data-tone={tone} color={tone === 'success' ? 'green' : tone === 'error' ? 'red' : 'orange'}>
      {jobSummaryText(outcome, { verb: t('certification.certifiedVerb') })}
    </Tag>
  );
}

export function CertificationView() {
  const { t } = useTranslation();
  const { batches, summary, busy } = useCertificationStore();

  const deadline = deadlineText(summary);

  return (
    <Flex vertical gap={12}>
      {summary?.warn && summary.daysLeft !== null && (
        <Alert
          data-testid="certification-deadline-warning"
          type={summary.daysLeft < 0 ? 'error' : 'warning'}
          showIcon
          title={summary.daysLeft < 0 ? t('certification.summary.passed', { deadline }) : t('certification.summary.warning', { deadline, days: summary.daysLeft })}
        />
      )}
      <Card size="small" title={t('certification.summary.title')} data-testid="certification-summary">
        {summary?.period ? (
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('certification.summary.period', { period: summary.period })}</Typography.Text>
            <Typography.Text data-testid="certification-summary-certified">{t('certification.summary.certified', summary.certified)}</Typography.Text>
            <Typography.Text data-testid="certification-summary-items">{t('certification.summary.items', summary.items)}</Typography.Text>
            {summary.daysLeft !== null && <Typography.Text type="secondary">{t('certification.summary.deadline', { deadline, days: summary.daysLeft })}</Typography.Text>}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('certification.summary.noPeriod')}</Typography.Text>
        )}
      </Card>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('certification.batches')}
        </Typography.Title>
        <Button data-testid="certification-retry" loading={busy} disabled={(summary?.items.retryable ?? 0) === 0} onClick={() => void retryFailed()}>
          {t('certification.retry', { count: summary?.items.retryable ?? 0 })}
        </Button>
      </Flex>
      {batches.map((batch) => (
        <Card
          key={batch.PCH}
          size="small"
          data-testid={`certification-batch-${batch.PCH}`}
          data-status={batch.status}
          title={t('certification.batch', { PCH: batch.PCH, period: formatPeriod(batch.SQSKSSQ) })}
          extra={<BatchOutcome batch={batch} />}
        >
          {batch.ZTDM && batch.ZTDM !== '0000' && <Alert type="error" showIcon title={t('errors.service.refused', { code: batch.ZTDM, message: batch.ZTXX ?? '' })} style={{ marginBottom: 8 }} />}
          <Table<Item>
            size="small"
            rowKey={(item) => `${item.FPDM}-${item.FPHM}`}
            pagination={false}
            dataSource={batch.items}
            onRow={(item) => ({ 'data-testid': `certification-item-${item.FPHM}`, 'data-rzclzt': item.RZCLZT ?? '', 'data-sbyy': item.SBYY ?? '' }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('certification.columns.code'), dataIndex: 'FPDM', width: 130 },
              { title: t('certification.columns.number'), dataIndex: 'FPHM', width: 110 },
              { title: t('certification.columns.validTax'), dataIndex: 'YXSE', width: 110, align: 'right' },
              {
                title: t('certification.columns.RZCLZT'),
                key: 'RZCLZT',
                width: 140,
                render: (_: unknown, item: Item) =>
                  item.RZCLZT === null ? '—' : <Tag color={item.RZCLZT === '4' ? 'green' : item.RZCLZT === '5' ? 'red' : 'blue'}>{t(`certification.RZCLZT.${item.RZCLZT}` as never)}</Tag>,
              },
              {
                title: t('certification.columns.SBYY'),
                key: 'SBYY',
                render: (_: unknown, item: Item) =>
                  item.SBYY ? (
                    <span>
                      {t(`certification.SBYY.${item.SBYY}` as never)} ·{' '}
                      <Typography.Text type={item.retryable ? 'warning' : 'secondary'}>{t(`certification.${retryLabel(item)}`)}</Typography.Text>
                    </span>
                  ) : null,
              },
            ]}
          />
        </Card>
      ))}
    </Flex>
  );
}
