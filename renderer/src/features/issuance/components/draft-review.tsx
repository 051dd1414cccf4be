/**
 * A draft's 复核 in the drafts list (docs/team-ledger.md §6): its state — 未送审 / 待复核 / 已通过 / 已退回 — with
 * who sent or decided it and a return's reason, and the reviewer's 退回 with its required reason (Enter returns
 * it, Esc cancels). Test ids: draft-review-N (data-state), draft-return-note-N, draft-return-confirm-N.
 */
import { useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_NOTE_MAX, type DraftSummary } from '../../../../../shared/ipc/index.js';
import { reportWarning } from '../../../lib/messages.js';

const COLORS = { none: 'default', pending: 'gold', approved: 'green', returned: 'red' } as const;

export function DraftReviewLine({ draft }: { draft: DraftSummary }) {
  const { t } = useTranslation();
  const { review } = draft;
  const who =
    review.state === 'pending' && review.requestedBy
      ? t('draftReview.requestedBy', { name: review.requestedBy })
      : (review.state === 'approved' || review.state === 'returned') && review.reviewedBy
        ? t('draftReview.reviewedBy', { name: review.reviewedBy })
        : null;
  return (
    <Space size={4} wrap data-testid={`draft-review-${draft.id}`} data-state={review.state}>
      <Tag color={COLORS[review.state]} style={{ marginInlineEnd: 0 }}>
        {t(`draftReview.states.${review.state}`)}
      </Tag>
      {who && <Typography.Text type="secondary">{who}</Typography.Text>}
      {review.state === 'returned' && review.note && <Typography.Text type="danger">{t('draftReview.reason', { note: review.note })}</Typography.Text>}
    </Space>
  );
}

/** The reason of a 退回, typed in place; `onReturn` answers whether main took it. */
export function ReturnReason({ draft, onReturn, onCancel }: { draft: DraftSummary; onReturn(note: string): Promise<boolean>; onCancel(): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const confirm = () => {
    if (note.trim() === '') {
      reportWarning(t('draftReview.reasonRequired'));
      return;
    }
    void onReturn(note.trim()).then((done) => done && onCancel());
  };
  return (
    <Space.Compact style={{ width: '100%', marginTop: 4 }}>
      <Input
        autoFocus
        size="small"
        maxLength={REVIEW_NOTE_MAX}
        value={note}
        placeholder={t('draftReview.returnReason')}
        data-testid={`draft-return-note-${draft.id}`}
        onChange={(event) => setNote(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') confirm();
          else if (event.key === 'Escape') onCancel();
          event.stopPropagation();
        }}
      />
      <Button size="small" danger data-testid={`draft-return-confirm-${draft.id}`} onClick={confirm}>
        {t('draftReview.returnConfirm')}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t('draftReview.cancel')}
      </Button>
    </Space.Compact>
  );
}
