/**
 * 查验已接收: one button verifies every accepted invoice of the queue not verified yet, with progress n/m
 * and the shared honest outcome (lib/job-outcome-view.tsx): 查验一致 counted as succeeded, anything else —
 * 查无此票, 不一致 (naming the fields), 作废, 红冲, 查验失败 (the code in words), a call that failed — as
 * failed, each named by its invoice number (or file) with the reason. Test ids: intake-verify-all, and
 * intake-verify-all-progress / -summary / -failure.
 */
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IntakeItem } from '../../../../../shared/ipc/index.js';
import { jobOutcome } from '../../../lib/job-outcome.js';
import { JobOutcomeView } from '../../../lib/job-outcome-view.js';
import { awaitingVerification, verifyAccepted } from '../actions.js';
import { useIntakeStore, type VerifyRun } from '../store.js';
import { useStateWords } from './state-tag.js';

function useRunOutcome(run: VerifyRun, items: Record<string, IntakeItem>) {
  const words = useStateWords();
  return jobOutcome(run.ids, (id) => {
    const item = items[id];
    const name = item?.fields.fphm ?? item?.fileName ?? id;
    const result = run.results[id];
    if (!result) return { id, name, state: 'pending' };
    if ('error' in result) return { id, name, state: 'failed', reason: result.error };
    const view = result.view.verification;
    if (view.state === 'consistent') return { id, name, state: 'succeeded' };
    const detail = words.detail(view);
    return { id, name, state: 'failed', reason: detail ? `${words.word(view.state)}（${detail}）` : words.word(view.state) };
  });
}

function RunOutcome({ run }: { run: VerifyRun }) {
  const { t } = useTranslation();
  const items = useIntakeStore((s) => s.items);
  const outcome = useRunOutcome(run, items);
  return <JobOutcomeView outcome={outcome} running={run.running} words={{ verb: t('intake.verifyAll.verb') }} testId="intake-verify-all" />;
}

export function VerifyAll() {
  const { t } = useTranslation();
  const order = useIntakeStore((s) => s.order);
  const items = useIntakeStore((s) => s.items);
  const run = useIntakeStore((s) => s.verifyRun);
  const waiting = awaitingVerification(order.map((id) => items[id]).filter((item): item is IntakeItem => item !== undefined)).length;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small">
      <Button block disabled={waiting === 0 || run?.running === true} loading={run?.running === true} onClick={() => void verifyAccepted()} data-testid="intake-verify-all">
        {t('intake.verifyAll.button', { count: waiting })}
      </Button>
      {run && <RunOutcome run={run} />}
    </Space>
  );
}
