/**
 * Review of one file: the file beside its fields, each marked with its source (QR / XML / OFD / PDF / OCR
 * / typed), editable, checked against the spec's lengths and formats as the clerk types. Enter accepts
 * and opens the next file waiting. Verification shows below. The file: file-preview.tsx. Test ids: intake-review,
 * intake-field-<name> (inputs), intake-source-<name>, intake-problem-<name>, intake-accept, intake-verify,
 * intake-open-original, intake-duplicate-of.
 */
import { Alert, Button, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX_LENGTH, INTAKE_FIELDS, fieldProblem, type IntakeField, type IntakeFields } from '../../../../../shared/rules/intake-fields.js';
import { accept, openFirst, openOriginal, verify } from '../actions.js';
import { useIntakeStore } from '../store.js';
import { FilePreview } from './file-preview.js';
import { VerificationResult } from './verification-result.js';

const SOURCE_COLOR: Record<string, string> = { qr: 'geekblue', xml: 'purple', ofd: 'cyan', 'pdf-text': 'magenta', ocr: 'orange', typed: 'default' };

export function ReviewPanel() {
  const { t } = useTranslation();
  const item = useIntakeStore((s) => (s.selected ? s.items[s.selected] : undefined));
  const busy = useIntakeStore((s) => s.busy);
  const [draft, setDraft] = useState<IntakeFields>({});
  const itemId = item?.id;
  const itemFields = item?.fields;
  // A new file (or new fields from main) resets the draft; typing does not round-trip through the store.
  useEffect(() => setDraft({ ...(itemFields ?? {}) }), [itemId, itemFields]);

  if (!item) return <Empty description={t('intake.review.nothing')} data-testid="intake-review-empty" />;
  const receivedId = item.receivedId;
  const sourceOf = (field: IntakeField) => (draft[field] !== (item.fields[field] ?? '') && draft[field] ? 'typed' : item.sources[field]);
  const problems = Object.fromEntries(INTAKE_FIELDS.map((field) => [field, fieldProblem(field, draft[field], draft)]));
  const valid = INTAKE_FIELDS.every((field) => !problems[field]);
  const submit = () => {
    if (valid && receivedId !== null) void accept(item, draft);
  };

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
          {t('intake.review.title')}：{item.fileName}
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
            <Button type="primary" htmlType="submit" disabled={!valid || receivedId === null} loading={busy.accept ?? false} data-testid="intake-accept">
              {t('intake.review.accept')}
            </Button>
            <Button disabled={receivedId === null || item.status === 'ready'} loading={busy.verify ?? false} onClick={() => receivedId !== null && void verify(receivedId)} data-testid="intake-verify">
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
