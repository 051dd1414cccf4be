/**
 * The print dialog, opened from the history (one invoice or several selected) and right after a paper
 * invoice is issued: printer (remembered per invoice type), copies, 套打 or full form, invoice and goods
 * list, a zoomable preview that is the printed page itself (with the pre-printed form shown only here),
 * paged through every selected invoice, progress over several invoices with an honest outcome (printed
 * and failed counted apart, each failure named), and a retry on a printer chosen again.
 *
 * It cannot spoil a form: it always opens on 套打 (the full form is chosen per print and said loudly),
 * the goods list is offered only when the invoice has one, it fits a 1366 × 768 screen with its buttons
 * always in view, and it sits above notifications (failures while it is open are shown inside it).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, InputNumber, List, Modal, Radio, Select, Slider, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintDocument, PrintJobView } from '../../../../../shared/ipc/schemas/print.js';
import { fieldNames, jobFailureText, loadPreview, print, retry, runSummary, savePdf, showInvoice } from '../actions.js';
import { usePrintStore } from '../store.js';
import { PageSvg } from './page-svg.js';
import { JobOutcomeView } from '../../../lib/job-outcome-view.js';

/** Above antd's notifications (2050) and messages (2010): nothing floats over the dialog's buttons. */
const DIALOG_Z_INDEX = 2100;

function FailedJob({ job }: { job: PrintJobView }) {
  const { t } = useTranslation();
  const printers = usePrintStore((s) => s.printers);
  const busy = usePrintStore((s) => s.busy);
  const [printer, setPrinter] = useState<string>(printers.find((p) => p.name !== job.printer)?.name ?? job.printer);
  const retryable = !['INVOICE_VOIDED', 'NO_LIST', 'TEXT_TOO_LONG'].includes(job.errorCode ?? '');
  return (
    <Alert
      type="error"
      showIcon
      data-testid={`print-job-failed-${job.id}`}
      title={`${job.invoiceNumber} · ${t(`print.document.${job.document}`)}`}
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="print-job-error">{jobFailureText(job)}</Typography.Text>
          {retryable && (
            <Space wrap>
              <Typography.Text>{t('print.retryOn')}</Typography.Text>
              <Select
                size="small"
                style={{ minWidth: 160 }}
                value={printer}
                onChange={setPrinter}
                options={printers.map((p) => ({ value: p.name, label: p.name }))}
                data-testid="print-retry-printer"
              />
              <Button size="small" type="primary" loading={busy} onClick={() => void retry(job, printer)} data-testid="print-retry">
                {t('print.retry')}
              </Button>
            </Space>
          )}
        </Space>
      }
    />
  );
}

/** Printer, copies, what to print and on which paper. */
function PrintOptions() {
  const { t } = useTranslation();
  const s = usePrintStore();
  const several = s.invoiceIds.length > 1;
  const printerOptions = s.printers.map((p) => ({
    value: p.name,
    label: `${p.name}${p.isDefault ? ` (${t('print.defaultPrinter')})` : ''} · ${t(`print.printerState.${p.state}`)}`,
  }));
  const toggle = (document: PrintDocument, on: boolean) => s.set({ documents: on ? [...new Set([...s.documents, document])] : s.documents.filter((d) => d !== document) });
  // The printer's form edition shapes the page: the preview follows the printer chosen.
  const choosePrinter = (printer: string) => {
    s.set({ printer });
    void loadPreview();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small">
      <Space wrap size="large">
        <Space>
          <Typography.Text>{t('print.printer')}</Typography.Text>
          <Select style={{ minWidth: 240 }} value={s.printer ?? undefined} onChange={choosePrinter} options={printerOptions} data-testid="print-printer" />
        </Space>
        <Space>
          <Typography.Text>{t('print.copies')}</Typography.Text>
          <InputNumber min={1} max={20} value={s.copies} onChange={(copies) => s.set({ copies: copies ?? 1 })} data-testid="print-copies" />
        </Space>
        <Space>
          <Typography.Text>{t('print.documents')}</Typography.Text>
          <Checkbox checked={s.documents.includes('invoice')} onChange={(e) => toggle('invoice', e.target.checked)} data-testid="print-doc-invoice">
            {t('print.document.invoice')}
          </Checkbox>
          {/* One invoice: offered only when it has a list. Several: for those that have one, never ticked for you. */}
          {(several || s.hasList) && (
            <Checkbox checked={s.documents.includes('list')} onChange={(e) => toggle('list', e.target.checked)} data-testid="print-doc-list">
              {several ? t('print.listOnlyWhereListed') : t('print.document.list')}
            </Checkbox>
          )}
        </Space>
      </Space>
      <Radio.Group value={s.mode} onChange={(e) => s.set({ mode: e.target.value as 'overlay' | 'full' })} data-testid="print-mode">
        <Radio value="overlay" data-testid="print-mode-overlay">
          {t('print.modes.overlay')}
        </Radio>
        <Radio value="full" data-testid="print-mode-full">
          {t('print.modes.full')}
        </Radio>
      </Radio.Group>
      {s.mode === 'full' && <Alert type="warning" showIcon banner title={t('print.fullWarning')} data-testid="print-full-warning" />}
    </Space>
  );
}

/** Progress while printing; afterwards what was printed and what failed, counted apart, each failure named. */
function RunOutcome() {
  const { t } = useTranslation();
  const s = usePrintStore();
  if (!s.progress) return null;
  const outcome = runSummary(s.jobs, s.progress.total);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small">
      {/* Each failure is listed below with its retry, so the summary only counts. */}
      <JobOutcomeView outcome={outcome} running={s.busy} words={{ verb: t('print.printedVerb') }} testId="print" listFailures={false} summaryData={{ 'data-printed': outcome.succeeded }} />
      {s.jobs.length > 0 && (
        <List
          size="small"
          header={t('print.jobs')}
          dataSource={s.jobs}
          data-testid="print-jobs"
          renderItem={(job) =>
            job.status === 'failed' ? (
              <List.Item>
                <FailedJob job={job} />
              </List.Item>
            ) : (
              <List.Item data-testid={`print-job-${job.id}`}>
                <Space>
                  <Tag color="success">{t(`print.status.${job.status}`)}</Tag>
                  {job.invoiceNumber} · {t(`print.document.${job.document}`)} · {job.printer}
                </Space>
              </List.Item>
            )
          }
        />
      )}
    </Space>
  );
}

/** The preview of one selected invoice at a time, paged, with why a job would refuse it. */
function PreviewPane() {
  const { t } = useTranslation();
  const s = usePrintStore();
  const count = s.invoiceIds.length;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="small">
      <Space wrap>
        <Typography.Text strong>{t('print.preview')}</Typography.Text>
        {count > 1 && (
          <Space data-testid="print-preview-pager">
            <Button size="small" disabled={s.previewIndex === 0} onClick={() => void showInvoice(s.previewIndex - 1)} data-testid="print-preview-previous">
              {t('print.previousInvoice')}
            </Button>
            <Typography.Text data-testid="print-preview-position">{t('print.invoiceOf', { n: s.previewIndex + 1, total: count })}</Typography.Text>
            <Button size="small" disabled={s.previewIndex >= count - 1} onClick={() => void showInvoice(s.previewIndex + 1)} data-testid="print-preview-next">
              {t('print.nextInvoice')}
            </Button>
          </Space>
        )}
        <Radio.Group value={s.previewDocument} onChange={(e) => void loadPreview(e.target.value as PrintDocument)} size="small">
          <Radio.Button value="invoice">{t('print.document.invoice')}</Radio.Button>
          <Radio.Button value="list" disabled={!s.hasList} data-testid="print-preview-list">
            {t('print.document.list')}
          </Radio.Button>
        </Radio.Group>
        {s.invoiceStatus && <Tag data-testid="print-invoice-status">{t(`print.invoiceStatus.${s.invoiceStatus as '00'}`)}</Tag>}
        <Typography.Text>{t('print.zoom')}</Typography.Text>
        <Slider style={{ width: 140 }} min={0.5} max={3} step={0.25} value={s.zoom} onChange={(zoom: number) => s.set({ zoom })} data-testid="print-zoom" />
      </Space>
      {s.problems.map((problem) => (
        <Alert key={problem.code} type="error" showIcon title={t(`print.problems.${problem.code}`, { fields: fieldNames(problem.fields) })} data-testid={`print-problem-${problem.code}`} />
      ))}
      <Typography.Text type="secondary">{t('print.formHint')}</Typography.Text>
      <div style={{ overflow: 'auto', maxHeight: 'max(220px, calc(100vh - 420px))', background: '#f0f0f0', padding: 12 }} data-testid="print-preview">
        <Space direction="vertical">
          {(s.preview ?? []).map((page, index) => (
            <PageSvg key={index} page={page} zoom={s.zoom} testId={`print-preview-page-${index + 1}`} />
          ))}
        </Space>
      </div>
    </Space>
  );
}

export function PrintDialog() {
  const { t } = useTranslation();
  const s = usePrintStore();
  const several = s.invoiceIds.length > 1;
  return (
    <Modal
      open={s.open}
      title={t('print.title')}
      width="min(1000px, calc(100vw - 32px))"
      style={{ top: 12, paddingBottom: 0 }}
      styles={{ body: { maxHeight: 'calc(100vh - 150px)', overflowY: 'auto', paddingRight: 4 } }}
      zIndex={DIALOG_Z_INDEX}
      onCancel={() => s.close()}
      destroyOnHidden
      data-testid="print-dialog"
      footer={
        <Space>
          <Button onClick={() => void savePdf()} data-testid="print-save-pdf">
            {t('print.savePdf')}
          </Button>
          <Button
            type="primary"
            loading={s.busy}
            disabled={!s.printer || s.documents.length === 0}
            onClick={() => void print()}
            data-testid="print-submit"
          >
            {several ? t('print.printSelected', { count: s.invoiceIds.length }) : t('print.print')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {s.backend === 'none' && <Alert type="warning" title={t('print.noPrinterBackend')} />}
        {s.backend !== 'none' && s.printers.length === 0 && <Alert type="warning" title={t('print.noPrinters')} />}
        {s.failure && <Alert type="error" showIcon closable onClose={() => s.set({ failure: null })} title={s.failure.title} description={s.failure.description} data-testid="print-failure" />}
        {s.notice && <Alert type="success" showIcon closable onClose={() => s.set({ notice: null })} title={s.notice} data-testid="print-notice" />}
        <PrintOptions />
        <RunOutcome />
        <PreviewPane />
      </Space>
    </Modal>
  );
}
