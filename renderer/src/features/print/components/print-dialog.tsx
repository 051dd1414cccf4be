/**
 * The print dialog, opened from the history (one invoice or several selected) and right after a paper
 * invoice is issued: printer (remembered per invoice type), copies, 套打 or full form, invoice and/or
 * goods list, a zoomable preview that is the printed page itself (with the pre-printed form shown only
 * here), progress over several invoices, and each failed job with its cause and a retry on a printer
 * chosen again.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, InputNumber, List, Modal, Progress, Radio, Select, Slider, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintDocument, PrintJobView } from '../../../../../shared/ipc/schemas/print.js';
import { jobFailureText, loadPreview, print, retry, savePdf } from '../actions.js';
import { usePrintStore } from '../store.js';
import { PageSvg } from './page-svg.js';

function FailedJob({ job }: { job: PrintJobView }) {
  const { t } = useTranslation();
  const printers = usePrintStore((s) => s.printers);
  const busy = usePrintStore((s) => s.busy);
  const [printer, setPrinter] = useState<string>(printers.find((p) => p.name !== job.printer)?.name ?? job.printer);
  const retryable = job.errorCode !== 'INVOICE_VOIDED' && job.errorCode !== 'NO_LIST';
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

export function PrintDialog() {
  const { t } = useTranslation();
  const s = usePrintStore();
  const several = s.invoiceIds.length > 1;
  const printerOptions = s.printers.map((p) => ({
    value: p.name,
    label: `${p.name}${p.isDefault ? ` (${t('print.defaultPrinter')})` : ''} · ${t(`print.printerState.${p.state}`)}`,
  }));
  const toggle = (document: PrintDocument, on: boolean) => s.set({ documents: on ? [...new Set([...s.documents, document])] : s.documents.filter((d) => d !== document) });
  return (
    <Modal
      open={s.open}
      title={t('print.title')}
      width={1000}
      onCancel={() => s.close()}
      destroyOnHidden
      data-testid="print-dialog"
      footer={
        <Space>
          <Button onClick={() => void savePdf()} disabled={several} data-testid="print-save-pdf">
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
        <Space wrap size="large">
          <Space>
            <Typography.Text>{t('print.printer')}</Typography.Text>
            <Select style={{ minWidth: 240 }} value={s.printer ?? undefined} onChange={(printer: string) => s.set({ printer })} options={printerOptions} data-testid="print-printer" />
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
            <Checkbox checked={s.documents.includes('list')} onChange={(e) => toggle('list', e.target.checked)} data-testid="print-doc-list">
              {t('print.document.list')}
            </Checkbox>
          </Space>
        </Space>
        <Radio.Group value={s.mode} onChange={(e) => s.set({ mode: e.target.value as 'overlay' | 'full' })} data-testid="print-mode">
          <Radio value="overlay">{t('print.modes.overlay')}</Radio>
          <Radio value="full">{t('print.modes.full')}</Radio>
        </Radio.Group>
        {/* Stays after the run: how far it got is part of its outcome (a printer failure stops it). */}
        {s.progress && (
          <Progress
            percent={Math.round((100 * s.progress.done) / Math.max(1, s.progress.total))}
            status={s.busy ? 'active' : s.jobs.some((job) => job.status === 'failed') ? 'exception' : 'normal'}
            format={() => t(s.busy ? 'print.progress' : 'print.progressDone', s.progress ?? {})}
            data-testid="print-progress"
            data-done={s.progress.done}
            data-total={s.progress.total}
          />
        )}
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
        <Space wrap>
          <Typography.Text strong>{t('print.preview')}</Typography.Text>
          <Radio.Group value={s.previewDocument} onChange={(e) => void loadPreview(e.target.value as PrintDocument)} size="small">
            <Radio.Button value="invoice">{t('print.document.invoice')}</Radio.Button>
            <Radio.Button value="list" disabled={!s.hasList} data-testid="print-preview-list">
              {t('print.document.list')}
            </Radio.Button>
          </Radio.Group>
          {s.invoiceStatus && <Tag data-testid="print-invoice-status">{t(`print.invoiceStatus.${s.invoiceStatus as '00'}`)}</Tag>}
          <Typography.Text>{t('print.zoom')}</Typography.Text>
          <Slider style={{ width: 160 }} min={0.5} max={3} step={0.25} value={s.zoom} onChange={(zoom: number) => s.set({ zoom })} data-testid="print-zoom" />
        </Space>
        <Typography.Text type="secondary">{t('print.formHint')}</Typography.Text>
        <div style={{ overflow: 'auto', maxHeight: 560, background: '#f0f0f0', padding: 12 }} data-testid="print-preview">
          <Space direction="vertical">
            {(s.preview ?? []).map((page, index) => (
              <PageSvg key={index} page={page} zoom={s.zoom} testId={`print-preview-page-${index + 1}`} />
            ))}
          </Space>
        </div>
      </Space>
    </Modal>
  );
}
