/**
 * Red-reversal information in the drawer: for a blue invoice what is reversed, in progress and left, its
 * red invoices and red-letter forms (with the form's state, number, and a button to issue the red
 * invoice from an approved form that has none yet), and the reversal's honest outcome (lib/job-outcome-view:
 * red invoices issued and failed counted apart, each failed red invoice or refused form named with its
 * reason); for a red invoice the blue one it reverses. Test ids: reversal-outcome-summary / -failure.
 */
import { Button, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutputInvoiceDetail, RedLetterFormSummary } from '../../../../../shared/ipc/index.js';
import { reportSuccess } from '../../../lib/messages.js';
import { jobOutcome, type JobItem } from '../../../lib/job-outcome.js';
import { JobOutcomeView } from '../../../lib/job-outcome-view.js';
import { StatusTag } from '../../history/components/status-tag.js';
import { issueRedFromForm } from '../actions.js';
import { formMessage, formNumberOf } from '../notices.js';

const FORM_COLORS = { queued: 'default', applying: 'processing', approved: 'success', rejected: 'error', failed: 'error' } as const;

function FormItem({ form, onChanged }: { form: RedLetterFormSummary; onChanged(): void }) {
  const { t } = useTranslation();
  const canIssue = form.status === 'approved' && (form.redInvoiceId === null || form.redInvoiceStatus === 'failed');
  const issue = async () => {
    const invoice = await issueRedFromForm(form.id);
    if (invoice) {
      reportSuccess(t('reversal.issuedFromForm', { lsh: invoice.lsh }));
      onChanged();
    }
  };
  return (
    <List.Item data-testid={`form-${form.lsh}`} data-status={form.status}>
      <Space direction="vertical" size={0}>
        <Space wrap>
          <Tag color={FORM_COLORS[form.status]} data-testid={`form-status-${form.lsh}`}>
            {t(`reversal.formStatus.${form.status}`)}
          </Tag>
          <Typography.Text>{t('reversal.formAmount', { amount: form.amount })}</Typography.Text>
          <Typography.Text type="secondary">{t(`reversal.letterReasons.${form.letterReason}`)}</Typography.Text>
          {form.letterSubReason && <Typography.Text type="secondary">{t(`reversal.subReasons.${form.letterSubReason}`)}</Typography.Text>}
        </Space>
        <Typography.Text data-testid={`form-number-${form.lsh}`}>
          {formNumberOf(form) ? t('reversal.formNumberIs', { number: formNumberOf(form) }) : t('reversal.waitingNumber')}
        </Typography.Text>
        {form.redInvoiceLsh && (
          <Space>
            <Typography.Text>{t('reversal.redInvoice', { lsh: form.redInvoiceLsh })}</Typography.Text>
            <StatusTag serial={`form-red-${form.redInvoiceLsh}`} status={form.redInvoiceStatus} />
          </Space>
        )}
        {formMessage(form) && (
          <Typography.Text type="danger" data-testid={`form-message-${form.lsh}`}>
            {formMessage(form)}
          </Typography.Text>
        )}
        {canIssue && (
          <Button size="small" type="primary" data-testid={`form-issue-${form.lsh}`} onClick={() => void issue()}>
            {t('reversal.issueFromForm')}
          </Button>
        )}
      </Space>
    </List.Item>
  );
}

type Reversal = NonNullable<OutputInvoiceDetail['reversal']>;

/**
 * The reversal as a job: each red invoice (issued, failed, on its way) and each form that has no red
 * invoice yet (refused: failed; applying or approved: on its way).
 */
function useReversalOutcome(reversal: Reversal) {
  const { t } = useTranslation();
  const reds = reversal.reds.map(
    (red): JobItem => ({
      id: `red-${red.lsh}`,
      name: red.invoiceNumber ?? t('reversal.outcome.serial', { lsh: red.lsh }),
      state: red.status === 'issued' ? 'succeeded' : red.status === 'failed' ? 'failed' : 'pending',
      reason: red.failure ? t('errors.service.refused', { code: red.failure.code, message: red.failure.message }) : null,
    }),
  );
  const forms = reversal.forms
    .filter((form) => form.redInvoiceId === null)
    .map(
      (form): JobItem => ({
        id: `form-${form.lsh}`,
        name: t('reversal.outcome.form', { lsh: form.lsh }),
        state: form.status === 'rejected' || form.status === 'failed' ? 'failed' : 'pending',
        reason: formMessage(form),
      }),
    );
  return jobOutcome([...reds, ...forms], (item) => item);
}

function ReversalOutcome({ reversal }: { reversal: Reversal }) {
  const { t } = useTranslation();
  const outcome = useReversalOutcome(reversal);
  if (outcome.total === 0) return null;
  return <JobOutcomeView outcome={outcome} running={outcome.pending > 0} words={{ verb: t('reversal.outcome.verb') }} testId="reversal-outcome" />;
}

export function ReversalInfo({ detail, onChanged }: { detail: OutputInvoiceDetail; onChanged(): void }) {
  const { t } = useTranslation();
  if (detail.original) {
    const original = detail.original;
    return (
      <Descriptions size="small" column={1} bordered title={t('history.reversal.title')} data-testid="red-original">
        <Descriptions.Item label={t('history.reversal.original')}>{`${original.invoiceCode ?? ''} ${original.invoiceNumber ?? ''}`}</Descriptions.Item>
        <Descriptions.Item label={t('history.reversal.reason')}>{t(`reversal.reasons.${original.reason}`)}</Descriptions.Item>
        {original.formNumber && <Descriptions.Item label={t('history.reversal.formNumber')}>{original.formNumber}</Descriptions.Item>}
      </Descriptions>
    );
  }
  const reversal = detail.reversal;
  if (!reversal) return null;
  const stateLabel = reversal.state === 'full' ? t('history.reversalFull') : reversal.state === 'partial' ? t('history.reversalPartial') : t('history.reversal.none');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered title={t('history.reversal.title')} data-testid="reversal-summary">
        <Descriptions.Item label={t('history.reversal.state')}>
          <span data-testid="reversal-state" data-state={reversal.state}>
            {stateLabel}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('history.reversal.reversed')}>{reversal.reversed}</Descriptions.Item>
        <Descriptions.Item label={t('history.reversal.inFlight')}>{reversal.inFlight}</Descriptions.Item>
        <Descriptions.Item label={t('history.reversal.remaining')}>
          <span data-testid="reversal-remaining">{reversal.remaining}</span>
        </Descriptions.Item>
      </Descriptions>
      <ReversalOutcome reversal={reversal} />
      {reversal.reds.length > 0 && (
        <List
          size="small"
          header={t('history.reversal.reds')}
          dataSource={reversal.reds}
          renderItem={(red) => (
            <List.Item data-testid={`red-${red.lsh}`}>
              <Space wrap>
                <Typography.Text>{red.lsh}</Typography.Text>
                <Typography.Text>-{red.amount}</Typography.Text>
                <Typography.Text type="secondary">{t(`reversal.reasons.${red.reason}`)}</Typography.Text>
                <StatusTag serial={`red-${red.lsh}`} status={red.status} kplx="1" />
                <Typography.Text>{red.invoiceNumber ?? ''}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      {reversal.forms.length > 0 && (
        <List size="small" header={t('history.reversal.forms')} dataSource={reversal.forms} renderItem={(form) => <FormItem form={form} onChanged={onChanged} />} />
      )}
    </Space>
  );
}
