/**
 * The red-reversal dialog (test id red-dialog). The clerk picks the reason (chyydm) and, for a partial
 * reversal, the lines and what to reverse of each — only what the reason allows is editable; for special
 * and digital-electronic invoices also the red-letter application reason (sqly) with its case, and the
 * terminal. Every change is checked by main (red:preview) against the same rules red:start applies, and
 * against what is left of the blue invoice, so problems show before anything is submitted.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Checkbox, Descriptions, Input, Modal, Radio, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  redRouteOf,
  SUB_REASONS,
  type OutputInvoiceDetail,
  type RedLetterReason,
  type RedLetterSubReason,
  type RedIssue,
  type RedPreview,
  type RedPreviewLine,
  type RedReason,
  type RedRequest,
} from '../../../../../shared/ipc/index.js';
import { errorText, reportSuccess } from '../../../lib/messages.js';
import { previewReversal, startReversal } from '../actions.js';
import { useReversalStore } from '../store.js';

interface LineEdit {
  selected: boolean;
  quantity: string;
  amount: string;
}

const PREVIEW_DELAY_MS = 200;
const REASONS: readonly RedReason[] = ['1', '2', '3', '4'];
const LETTER_REASONS: readonly RedLetterReason[] = ['0', '1', '2'];
/** The seller's cases are both 因开票有误…: they fit only the reason 开票有误 (2). */
const INVOICE_ERROR_ONLY: readonly RedLetterSubReason[] = ['buyer-refused', 'not-delivered'];

/** (sqly, case) pairs a clerk may choose for this red reason, buyer's cases first. */
function letterCasesFor(reason: RedReason): Array<[RedLetterReason, RedLetterSubReason]> {
  return LETTER_REASONS.flatMap((code) =>
    SUB_REASONS[code].filter((sub) => reason === '2' || !INVOICE_ERROR_ONLY.includes(sub)).map((sub) => [code, sub] as [RedLetterReason, RedLetterSubReason]),
  );
}

function buildRequest(
  detail: OutputInvoiceDetail,
  state: { reason: RedReason; partial: boolean; edits: Record<number, LineEdit>; letterReason?: RedLetterReason; subReason?: RedLetterSubReason; terminal: string; autoIssue: boolean },
): RedRequest {
  const form = redRouteOf(detail.summary.invoiceType) === 'form';
  const lines = Object.entries(state.edits)
    .filter(([, edit]) => edit.selected)
    .map(([xh, edit]) => ({
      xh: Number(xh),
      ...(edit.quantity.trim() ? { quantity: edit.quantity.trim() } : {}),
      ...(edit.amount.trim() ? { amount: edit.amount.trim() } : {}),
    }));
  return {
    blueInvoiceId: detail.summary.id,
    reason: state.reason,
    ...(state.partial && state.reason !== '2' ? { lines } : {}),
    ...(form
      ? {
          ...(state.letterReason ? { letterReason: state.letterReason } : {}),
          ...(state.subReason ? { letterSubReason: state.subReason } : {}),
          ...(state.terminal.trim() ? { terminal: state.terminal.trim() } : {}),
          autoIssue: state.autoIssue,
        }
      : {}),
  };
}

/** A preview issue in the clerk's language: issues carry a message key like errors (shared/ipc/result.ts). */
const issueText = (issue: RedIssue): string => errorText({ code: 'VALIDATION_FAILED', key: issue.key, params: issue.params, message: issue.key });

export interface RedDialogProps {
  detail: OutputInvoiceDetail;
  open: boolean;
  onClose(): void;
  /** A red invoice or form was stored: the invoice's view refreshes. */
  onStarted(): void;
}

/** Mounted only while open, so every opening starts from the defaults (reason 2, in full). */
export function RedDialog(props: RedDialogProps) {
  return props.open ? <RedDialogContent {...props} /> : null;
}

function RedDialogContent({ detail, onClose, onStarted }: RedDialogProps) {
  const { t } = useTranslation();
  const open = true;
  const route = redRouteOf(detail.summary.invoiceType);
  const [reason, setReason] = useState<RedReason>('2');
  const [partial, setPartial] = useState(false);
  const [edits, setEdits] = useState<Record<number, LineEdit>>({});
  const [letterReason, setLetterReason] = useState<RedLetterReason | undefined>();
  const [subReason, setSubReason] = useState<RedLetterSubReason | undefined>();
  const [terminal, setTerminal] = useState(detail.terminal ?? useReversalStore.getState().lastTerminal);
  const [autoIssue, setAutoIssue] = useState(true);
  const [preview, setPreview] = useState<RedPreview | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const request = useMemo(
    () => buildRequest(detail, { reason, partial, edits, ...(letterReason ? { letterReason } : {}), ...(subReason ? { subReason } : {}), terminal, autoIssue }),
    [detail, reason, partial, edits, letterReason, subReason, terminal, autoIssue],
  );

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      void previewReversal(request).then((answer) => {
        if (!current) return;
        if ('preview' in answer) {
          setPreview(answer.preview);
          setInputError(null);
        } else setInputError(answer.error);
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, request]);

  const edit = (xh: number, patch: Partial<LineEdit>) =>
    setEdits((all) => ({ ...all, [xh]: { selected: false, quantity: '', amount: '', ...all[xh], ...patch } }));

  const submit = async () => {
    setSubmitting(true);
    const started = await startReversal(request);
    setSubmitting(false);
    if (!started) return;
    if (request.terminal) useReversalStore.getState().setLastTerminal(request.terminal);
    reportSuccess(started.kind === 'invoice' ? t('reversal.started', { lsh: started.invoice.lsh }) : t('reversal.formStarted', { lsh: started.form.lsh }));
    onClose();
    onStarted();
  };

  const columns: TableColumnsType<RedPreviewLine> = [
    {
      key: 'select',
      title: t('reversal.select'),
      width: 64,
      render: (_, line) => (
        <Checkbox data-testid={`red-line-${line.xh}-select`} checked={edits[line.xh]?.selected ?? false} onChange={(e) => edit(line.xh, { selected: e.target.checked })} />
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('history.line.name') },
    { key: 'blueQuantity', dataIndex: 'blueQuantity', title: t('reversal.blueQuantity'), align: 'right' },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('history.line.unitPrice'), align: 'right' },
    { key: 'blueAmount', dataIndex: 'blueAmount', title: t('reversal.blueAmount'), align: 'right' },
    {
      key: 'quantity',
      title: t('reversal.quantity'),
      render: (_, line) =>
        line.quantityEditable ? (
          <Input size="small" style={{ width: 96 }} data-testid={`red-line-${line.xh}-quantity`} value={edits[line.xh]?.quantity ?? ''} placeholder={line.quantity ?? ''}
            onChange={(e) => edit(line.xh, { quantity: e.target.value, selected: true })} />
        ) : (
          line.quantity ?? ''
        ),
    },
    {
      key: 'amount',
      title: t('reversal.amount'),
      align: 'right',
      render: (_, line) =>
        line.amountEditable ? (
          <Input size="small" style={{ width: 110 }} data-testid={`red-line-${line.xh}-amount`} value={edits[line.xh]?.amount ?? ''} placeholder={line.amount}
            onChange={(e) => edit(line.xh, { amount: e.target.value, selected: true })} />
        ) : (
          <span data-testid={`red-line-${line.xh}-preview`}>{line.amount}</span>
        ),
    },
  ];

  const issues = [...(inputError ? [inputError] : []), ...(preview?.issues.map((issue) => issueText(issue)) ?? [])];
  return (
    <Modal
      open={open}
      width={900}
      title={t('reversal.title', { type: t(`invoiceType.${detail.summary.invoiceType}`), number: detail.summary.invoiceNumber ?? '' })}
      okText={route === 'form' ? t('reversal.submitForm') : t('reversal.submit')}
      cancelText={t('reversal.cancel')}
      okButtonProps={{ danger: true, disabled: issues.length > 0 || preview === null, loading: submitting, ...({ 'data-testid': 'red-submit' } as object) }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="red-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="red-dialog-body">
        <Alert type="info" showIcon title={t(`reversal.route.${route}`)} />
        <Tooltip title={t('reversal.reasonField')}>
          <Typography.Text strong>{t('reversal.reason')}</Typography.Text>
        </Tooltip>
        <Radio.Group
          value={reason}
          onChange={(e) => {
            const next = e.target.value as RedReason;
            setReason(next);
            // A case the new reason does not allow (开票有误's own cases under 销货退回) is dropped, not kept hidden.
            if (letterReason && subReason && !letterCasesFor(next).some(([code, sub]) => code === letterReason && sub === subReason)) {
              setLetterReason(undefined);
              setSubReason(undefined);
            }
          }}
        >
          {REASONS.map((code) => (
            <Radio key={code} value={code} data-testid={`red-reason-${code}`}>
              {t(`reversal.reasons.${code}`)}
            </Radio>
          ))}
        </Radio.Group>
        <Typography.Text type="secondary">{t(`reversal.reasonHints.${reason}`)}</Typography.Text>
        {reason !== '2' && (
          <Radio.Group value={partial ? 'partial' : 'whole'} onChange={(e) => setPartial(e.target.value === 'partial')}>
            <Radio value="whole" data-testid="red-mode-whole">
              {t('reversal.whole')}
            </Radio>
            <Radio value="partial" data-testid="red-mode-partial">
              {t('reversal.partial')}
            </Radio>
          </Radio.Group>
        )}
        {route === 'form' && (
          <>
            {/* Every case of the application at once (who applies, deducted or not, why), only those the
                reason allows: one pick, no second level appearing later. */}
            <Tooltip title={t('reversal.letterCaseField')}>
              <Typography.Text strong>{t('reversal.letterCase')}</Typography.Text>
            </Tooltip>
            <Radio.Group
              value={letterReason && (subReason ?? '') ? `${letterReason}:${subReason}` : undefined}
              onChange={(e) => {
                const [nextReason, nextSub] = String(e.target.value).split(':') as [RedLetterReason, RedLetterSubReason];
                setLetterReason(nextReason);
                setSubReason(nextSub);
              }}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              data-testid="red-letter-cases"
            >
              {letterCasesFor(reason).map(([code, sub]) => (
                <Radio key={`${code}:${sub}`} value={`${code}:${sub}`} data-testid={`red-sub-${sub}`}>
                  {t(`reversal.letterReasons.${code}`)} · {t(`reversal.subReasons.${sub}`)}
                </Radio>
              ))}
            </Radio.Group>
            {letterReason === undefined && <Typography.Text type="secondary">{t('reversal.letterCaseHint')}</Typography.Text>}
            <Space>
              <Tooltip title={t('reversal.terminalField')}>
                <Typography.Text>{t('reversal.terminal')}</Typography.Text>
              </Tooltip>
              <Input style={{ width: 200 }} data-testid="red-terminal" value={terminal} placeholder={t('reversal.terminalPlaceholder')} onChange={(e) => setTerminal(e.target.value)} />
            </Space>
            <Checkbox checked={autoIssue} onChange={(e) => setAutoIssue(e.target.checked)} data-testid="red-auto-issue">
              {t('reversal.autoIssue')}
            </Checkbox>
          </>
        )}
        {partial && reason !== '2' && preview && (
          <Table<RedPreviewLine> size="small" rowKey="xh" columns={columns} dataSource={preview.lines} pagination={false} data-testid="red-lines" />
        )}
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('reversal.total')}>
            <span data-testid="red-total">{preview?.total ?? ''}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('reversal.remaining')}>
            <span data-testid="red-remaining">{preview?.remaining ?? ''}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('reversal.remainingAfter')}>{preview?.remainingAfter ?? ''}</Descriptions.Item>
        </Descriptions>
        {issues.length > 0 && (
          <Alert type="error" showIcon data-testid="red-issues" title={issues.map((issue) => <div key={issue}>{issue}</div>)} />
        )}
      </Space>
    </Modal>
  );
}
