/**
 * Start a collection (kinds and a date range), 今日同步, the start-up option, one progress bar per run
 * (rows / ZHS), and the honest outcome of the runs on screen (lib/job-outcome-view.tsx): kinds collected
 * and failed counted apart, each failed kind named with its reason worded from its key. Test ids:
 * collection-kinds, collection-range, collection-start, collection-sync, collection-sync-on-start,
 * collection-run-<id> (with data-status), collection-run-failure, collection-summary, collection-failure.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, DatePicker, Flex, Progress, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CollectionKind, CollectionRunView } from '../../../../../shared/ipc/schemas/collection.js';
import { jobOutcome } from '../../../lib/job-outcome.js';
import { JobOutcomeView } from '../../../lib/job-outcome-view.js';
import { problemText } from '../../../lib/problem-text.js';
import { loadRuns, setSyncOnStart, startCollection, subscribeCollection, syncToday } from '../actions.js';
import { useCollectionStore } from '../store.js';

const KINDS: CollectionKind[] = ['01', '03', '08', '14', '31', 'main'];

/** A run main gave up on for now (the service unreachable): stopped, resumed by the next sync — not going on. */
const stalled = (run: CollectionRunView) => run.status !== 'done' && run.status !== 'failed' && run.failure?.key === 'collection.errors.stalled';

export function CollectionBar() {
  const { t } = useTranslation();
  const { runs, syncOnStart, busy } = useCollectionStore();
  const [kinds, setKinds] = useState<CollectionKind[]>(['01', '08']);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(30, 'day'), dayjs()]);

  useEffect(() => {
    subscribeCollection();
    void loadRuns();
  }, []);

  const active = runs.filter((run) => run.status === 'running' || run.status === 'closing' || Date.now() - Date.parse(run.updatedAt) < 10 * 60_000).slice(0, 6);
  const outcome = jobOutcome(active, (run) => ({
    id: String(run.id),
    name: t(`collection.kinds.${run.kind}`),
    state: run.status === 'done' ? 'succeeded' : run.status === 'failed' || stalled(run) ? 'failed' : 'pending',
    reason: run.failure ? problemText(run.failure) : null,
  }));

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Select
          mode="multiple"
          style={{ minWidth: 320 }}
          value={kinds}
          onChange={setKinds}
          data-testid="collection-kinds"
          options={KINDS.map((kind) => ({ value: kind, label: t(`collection.kinds.${kind}`) }))}
          maxTagCount="responsive"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          allowClear={false}
          data-testid="collection-range"
        />
        <Button
          data-testid="collection-start"
          loading={busy.start}
          disabled={kinds.length === 0}
          onClick={() => void startCollection(kinds, range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'))}
        >
          {t('collection.start')}
        </Button>
        <Button type="primary" data-testid="collection-sync" loading={busy.sync} onClick={() => void syncToday()}>
          {t('collection.sync')}
        </Button>
        <Checkbox data-testid="collection-sync-on-start" checked={syncOnStart} onChange={(event) => void setSyncOnStart(event.target.checked)}>
          {t('collection.syncOnStart')}
        </Checkbox>
      </Flex>
      {active.length > 0 && (
        <Flex vertical gap={2} data-testid="collection-runs">
          {active.map((run) => {
            const percent = run.total ? Math.floor((run.rows / run.total) * 100) : run.status === 'done' ? 100 : 0;
            return (
              <Flex key={run.id} gap={8} align="center" data-testid={`collection-run-${run.id}`} data-status={run.status}>
                <Space style={{ width: 260 }} size={4}>
                  <Tag>{t(`collection.kindShort.${run.kind}`)}</Tag>
                  <Typography.Text type={run.status === 'failed' || stalled(run) ? 'danger' : 'secondary'}>{t(`collection.runStatus.${stalled(run) ? 'stalled' : run.status}`)}</Typography.Text>
                </Space>
                <Progress
                  style={{ flex: 1, margin: 0 }}
                  percent={percent}
                  status={run.status === 'failed' || stalled(run) ? 'exception' : run.status === 'done' ? 'success' : 'active'}
                  format={() => (run.total === null ? t('collection.rowsUnknown', { rows: run.rows }) : t('collection.rowsOf', { rows: run.rows, total: run.total }))}
                />
                {/* A page that did not come while the run goes on (it is retried, or resumed by the next sync). */}
                {run.failure && run.status !== 'failed' && !stalled(run) && (
                  <Typography.Text type="warning" data-testid="collection-run-failure">
                    {problemText(run.failure)}
                  </Typography.Text>
                )}
              </Flex>
            );
          })}
          <JobOutcomeView outcome={outcome} running={outcome.pending > 0} words={{ verb: t('collection.collectedVerb'), unit: t('collection.kindUnit') }} testId="collection" />
        </Flex>
      )}
    </Flex>
  );
}
