/**
 * 批量开票: download the template, import a filled sheet, review the per-row report, submit the valid
 * invoices, watch the progress (n/m, then the shared honest outcome — issued and failed counted apart, each
 * failed invoice named by its row and 发票序号 with the reason), export the results. Test ids: batch-view,
 * batch-template, batch-import, batch-recent, batch-submit, batch-export, batch-summary, batch-progress
 * (data-issued, data-total, data-failed) holding batch-outcome-progress / -summary / -failure,
 * batch-table (see batch-table.tsx).
 */
import { Alert, Button, Card, Descriptions, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadTemplate, exportResults, importBatch, openBatch, submitBatch } from '../actions.js';
import { useBatchStore } from '../store.js';
import type { BatchInvoice } from '../../../../../shared/ipc/schemas/batch.js';
import { jobOutcome } from '../../../lib/job-outcome.js';
import { JobOutcomeView } from '../../../lib/job-outcome-view.js';
import { BatchTable, failure } from './batch-table.js';
import { useBatchSync } from './use-batch-sync.js';

export function BatchView() {
  const { t } = useTranslation();
  useBatchSync();
  const batch = useBatchStore((s) => s.batch);
  const recent = useBatchStore((s) => s.recent);
  const busy = useBatchStore((s) => s.busy);
  const ready = batch?.rows.filter((row) => row.state === 'ready').length ?? 0;
  const progress = batch?.progress;
  const submitted = batch?.rows.filter((row) => row.state !== 'invalid' && row.state !== 'ready') ?? [];
  const outcome = jobOutcome(
    submitted,
    (row: BatchInvoice) => ({
      id: String(row.seq),
      name: row.invoiceKey ? t('batch.rowName', { row: row.firstRow, key: row.invoiceKey }) : t('batch.rowOnly', { row: row.firstRow }),
      state: row.state === 'issued' ? 'succeeded' : row.state === 'failed' ? 'failed' : 'pending',
      reason: failure(row),
    }),
    progress?.total ?? 0,
  );

  return (
    <Card
      size="small"
      title={t('batch.title')}
      data-testid="batch-view"
      extra={
        <Space wrap>
          <Select
            data-testid="batch-recent"
            placeholder={t('batch.recent')}
            style={{ width: 260 }}
            value={batch?.id}
            onChange={(id: number) => void openBatch(id)}
            options={recent.map((b) => ({ value: b.id, label: t('batch.batchLabel', { id: b.id, file: b.fileName, count: b.invoices }) }))}
          />
          <Button onClick={() => void downloadTemplate()} loading={busy.template ?? false} data-testid="batch-template">
            {t('batch.template')}
          </Button>
          <Button onClick={() => void importBatch()} loading={busy.import ?? false} data-testid="batch-import">
            {t('batch.import')}
          </Button>
          <Button
            type="primary"
            disabled={!batch || ready === 0}
            loading={busy.submit ?? false}
            onClick={() => batch && void submitBatch(batch.id)}
            data-testid="batch-submit"
          >
            {t('batch.submit', { count: ready })}
          </Button>
          <Button disabled={!batch} loading={busy.export ?? false} onClick={() => batch && void exportResults(batch.id)} data-testid="batch-export">
            {t('batch.export')}
          </Button>
        </Space>
      }
    >
      {!batch ? (
        <Alert type="info" showIcon title={t('batch.noBatch')} />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={4}
            data-testid="batch-summary"
            items={[
              { key: 'file', label: t('batch.file'), children: batch.fileName },
              { key: 'invoices', label: t('batch.invoices'), children: batch.invoices },
              { key: 'valid', label: t('batch.valid'), children: <Typography.Text type="success">{batch.valid}</Typography.Text> },
              { key: 'invalid', label: t('batch.invalid'), children: <Typography.Text type={batch.invalid ? 'danger' : undefined}>{batch.invalid}</Typography.Text> },
            ]}
          />
          {batch.submittedAt && progress && (
            <div data-testid="batch-progress" data-issued={progress.issued} data-total={progress.total} data-failed={progress.failed}>
              <JobOutcomeView outcome={outcome} running={progress.queued > 0} words={{ verb: t('batch.issuedVerb') }} testId="batch-outcome" />
            </div>
          )}
          <BatchTable rows={batch.rows} loading={busy.load ?? false} />
        </Flex>
      )}
    </Card>
  );
}
