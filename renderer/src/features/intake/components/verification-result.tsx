/**
 * The verification of the open file: its state in words (查验一致 / 查验不一致 naming the fields / 查无此票 /
 * 已作废 / 已红冲 / 不可查验 why / 查验失败) coloured to match, the code explained with what to do next, a
 * loud banner when the invoice is voided (Y) or red-reversed (H), and — only when the authority returned
 * its record — that record compared field by field with what was read, differences highlighted.
 * Test ids: intake-verification (data-code, data-state), intake-state-title, intake-void-flag,
 * intake-comparison (rows data-same).
 */
import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIntakeStore } from '../store.js';
import { STATE_ALERT, useStateWords } from './state-tag.js';

export function VerificationResult() {
  const { t, i18n } = useTranslation();
  const view = useIntakeStore((s) => s.verification);
  const words = useStateWords();
  if (!view) return null;
  const state = view.verification;
  const detail = words.detail(state);
  const key = `intake.verification.codes.${view.code}`;
  const explanation = i18n.exists(key) ? t(key as 'intake.verification.codes.0001') : t('intake.verification.codes.unknown', { code: view.code });
  return (
    <div style={{ marginTop: 12 }} data-testid="intake-verification" data-code={view.code} data-state={state.state}>
      <Typography.Title level={5}>{t('intake.verification.title')}</Typography.Title>
      {view.zfbz === 'Y' || view.zfbz === 'H' ? (
        <Alert
          type="error"
          showIcon
          data-testid="intake-void-flag"
          style={{ marginBottom: 8, fontSize: 18, fontWeight: 700 }}
          title={view.zfbz === 'Y' ? t('intake.verification.voided') : t('intake.verification.reversed')}
        />
      ) : null}
      <Alert
        type={STATE_ALERT[state.state]}
        showIcon
        title={
          <span data-testid="intake-state-title" style={{ fontWeight: 700 }}>
            {detail ? t('intake.verification.stateLine', { state: words.word(state.state), detail }) : words.word(state.state)}
          </span>
        }
        description={
          <>
            <div>{`${view.code} ${explanation}`}</div>
            {view.local && <div>{t('intake.verification.local')}</div>}
          </>
        }
      />
      <Typography.Text type="secondary">{t('intake.verification.used', { count: view.usedToday })}</Typography.Text>
      {view.comparison.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          data-testid="intake-comparison"
          style={{ marginTop: 8 }}
          dataSource={view.comparison}
          onRow={(row) => ({ 'data-same': String(row.same), style: row.same === false ? { background: '#fff1f0' } : undefined }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('intake.verification.field'), dataIndex: 'field', render: (field: string) => t(`intake.fields.${field}` as 'intake.fields.fpdm') },
            { title: t('intake.verification.ours'), dataIndex: 'ours' },
            { title: t('intake.verification.theirs'), dataIndex: 'theirs' },
            { title: '', dataIndex: 'same', render: (same: boolean | null) =>
                same === null ? <Tag>{t('intake.verification.onlyTheirs')}</Tag> : same ? <Tag color="green">{t('intake.verification.same')}</Tag> : <Tag color="red">{t('intake.verification.differs')}</Tag>,
            },
          ]}
        />
      )}
    </div>
  );
}
