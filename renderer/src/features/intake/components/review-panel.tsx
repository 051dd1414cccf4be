/**
 * Review of one file: the file beside its fields, each marked with its source (QR / XML / OFD / PDF / OCR
 * / typed / 税局), editable, checked against the spec's lengths and formats as the clerk types. Enter — in a
 * field, or on the file in the queue (store.acceptRequests) — accepts and opens the next file waiting. An
 * invoice whose buyer is not the enterprise's is flagged and accepted only with a reason; a kind the service
 * cannot verify says so and spends no call. Verification shows below. The file: file-preview.tsx. Test ids:
 * intake-review, intake-field-<name> (inputs), intake-source-<name>, intake-problem-<name>, intake-accept,
 * intake-verify, intake-open-original, intake-duplicate-of, intake-buyer-mismatch, intake-buyer-reason,
 * intake-unverifiable.
 */
import { Alert, Button, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX_LENGTH, INTAKE_FIELDS, fieldProblem, type IntakeField, type IntakeFields } from '../../../../../shared/rules/intake-fields.js';
import { UNVERIFIABLE_REASONS } from '../../../../../shared/rules/verification-state.js';
import { accept, openFirst, openOriginal, verify } from '../actions.js';
import { useIntakeStore } from '../store.js';
import { FilePreview } from './file-preview.js';
import { useStateWords } from './state-tag.js';
import { VerificationResult } from './verification-result.js';

const SOURCE_COLOR: Record<string, string> = { qr: 'geekblue', xml: 'purple', ofd: 'cyan', 'pdf-text': 'magenta', ocr: 'orange', typed: 'default', authority: 'green' };

export function ReviewPanel() {
  const { t } = useTranslation();
  const item = useIntakeStore((s) => (s.selected ? s.items[s.selected] : undefined));
  const busy = useIntakeStore((s) => s.busy);
  const acceptRequests = useIntakeStore((s) => s.acceptRequests);
  const words = useStateWords();
  const [draft, setDraft] = useState<IntakeFields>({});
  const [buyerReason, setBuyerReason] = useState('');
  const itemId = item?.id;
  const itemFields = item?.fields;
  // A new file (or new fields from main) resets the draft; typing does not round-trip through the store.
  useEffect(() => setDraft({ ...(itemFields ?? {}) }), [itemId, itemFields]);
  useEffect(() => setBuyerReason(''), [itemId]);

  const receivedId = item?.receivedId ?? null;
  const problems = Object.fromEntries(INTAKE_FIELDS.map((field) => [field, fieldProblem(field, draft[field], draft)]));
  const valid = INTAKE_FIELDS.every((field) => !problems[field]);
  // The buyer as typed now against the enterprise the invoice came in for; a reason stored before still holds.
  const buyer = draft.gmfsbh?.trim();
  const mismatch = Boolean(item?.enterprise && buyer && buyer !== item.enterprise);
  const needsReason = mismatch && !item?.buyerMismatch?.reason;
  const acceptable = valid && receivedId !== null && (!needsReason || buyerReason.trim() !== '');
  const submit = () => {
    if (item && acceptable) void accept(item, draft, needsReason ? buyerReason : undefined);
  };
  // Enter on the file in the queue: accept what the review shows (the latest draft, through the ref).
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const seenRequests = useRef(acceptRequests);
  useEffect(() => {
    if (acceptRequests === seenRequests.current) return;
    seenRequests.current = acceptRequests;
    submitRef.current();
  }, [acceptRequests]);

  if (!item) return <Empty description={t('intake.review.nothing')} data-testid="intake-review-empty" />;
  const sourceOf = (field: IntakeField) => (draft[field] !== (item.fields[field] ?? '') && draft[field] ? 'typed' : item.sources[field]);
  const unverifiable = item.verification.state === 'unverifiable' && UNVERIFIABLE_REASONS.has(item.verification.reason ?? '');

  return (
    <Flex gap={12} align="start" data-testid="intake-review" data-name={item.fileName}>
      <div style={{ flex: 'none', textAlign: 'center' }}>
        <FilePreview item={item} />
        {receivedId !== null && (
          <div style={{ marginTop: 8 }}>
            <Button size="small" onClick={() => void openOriginal(receivedId)} data-testid="intake-open-original">
              {t('intake.review.openOriginal')}
            </Button>
          </div>
        )}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('app.labelled', { label: t('intake.review.title') })}
          {item.fileName}
        </Typography.Title>
        {item.duplicate && (
          <Alert
            type="error"
            showIcon
            data-testid="intake-duplicate-of"
            title={t('intake.duplicateOf', { id: item.duplicate.of, file: item.duplicate.fileName ?? '', what: item.duplicate.reason === 'file' ? t('intake.duplicateFile') : t('intake.duplicateInvoice') })}
            action={
              <Button size="small" onClick={() => item.duplicate && void openFirst(item.duplicate.of)} data-testid="intake-open-first">
                {t('intake.openFirst')}
              </Button>
            }
            style={{ marginBottom: 8 }}
          />
        )}
        {item.error && <Alert type={item.status === 'failed' ? 'error' : 'warning'} showIcon title={t(`intake.errors.${item.error.code}` as 'intake.errors.internal')} style={{ marginBottom: 8 }} />}
        {unverifiable && (
          <Alert
            type="info"
            showIcon
            data-testid="intake-unverifiable"
            title={t('intake.verification.stateLine', { state: words.word('unverifiable'), detail: words.detail(item.verification) })}
            style={{ marginBottom: 8 }}
          />
        )}
        {mismatch && (
          <Alert
            type="error"
            showIcon
            data-testid="intake-buyer-mismatch"
            style={{ marginBottom: 8 }}
            title={t('intake.review.buyerMismatch', { found: buyer, enterprise: [item.buyerMismatch?.expectedName, item.enterprise].filter(Boolean).join(' ') })}
            description={
              item.buyerMismatch?.reason ? (
                t('intake.review.buyerReasonStored', { reason: item.buyerMismatch.reason })
              ) : (
                <Input
                  size="small"
                  maxLength={200}
                  placeholder={t('intake.review.buyerReasonPlaceholder')}
                  value={buyerReason}
                  onChange={(event) => setBuyerReason(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    submit();
                  }}
                  data-testid="intake-buyer-reason"
                />
              )
            }
          />
        )}
        {(item.names.xhfmc || item.names.gmfmc) && (
          <Typography.Paragraph type="secondary">{t('intake.review.names', { seller: item.names.xhfmc ?? '—', buyer: item.names.gmfmc ?? '—' })}</Typography.Paragraph>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Flex vertical gap={4}>
            {INTAKE_FIELDS.map((field) => {
              const source = sourceOf(field);
              const problem = problems[field];
              return (
                <Flex key={field} align="center" gap={8}>
                  <span style={{ width: 110, flex: 'none' }}>{t(`intake.fields.${field}`)}</span>
                  <Input
                    size="small"
                    style={{ width: 240 }}
                    value={draft[field] ?? ''}
                    maxLength={FIELD_MAX_LENGTH[field]}
                    status={problem ? 'error' : undefined}
                    disabled={receivedId === null}
                    onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
                    data-testid={`intake-field-${field}`}
                  />
                  {source && (
                    <Tag color={SOURCE_COLOR[source]} data-testid={`intake-source-${field}`}>
                      {t(`intake.sources.${source}`)}
                    </Tag>
                  )}
                  {field === 'fpzl' && draft.fpzl && !problem && <Typography.Text type="secondary">{t(`intake.kinds.${draft.fpzl}` as 'intake.kinds.01')}</Typography.Text>}
                  {problem && (
                    <Typography.Text type="danger" data-testid={`intake-problem-${field}`}>
                      {t(`intake.problems.${problem}`)}
                    </Typography.Text>
                  )}
                </Flex>
              );
            })}
          </Flex>
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" htmlType="submit" disabled={!acceptable} loading={busy.accept ?? false} data-testid="intake-accept">
              {needsReason ? t('intake.review.acceptAnyway') : t('intake.review.accept')}
            </Button>
            <Button disabled={receivedId === null || item.status === 'ready' || unverifiable} loading={busy.verify ?? false} onClick={() => receivedId !== null && void verify(receivedId)} data-testid="intake-verify">
              {t('intake.review.verify')}
            </Button>
            <Typography.Text type="secondary">{t('intake.review.hint')}</Typography.Text>
          </Space>
        </form>
        <VerificationResult />
      </div>
    </Flex>
  );
}
