/**
 * The drafts button: save the current form (Ctrl+S), and open or delete a saved draft; its 复核 (docs/team-ledger.md
 * §6): each draft's review state, 送复核 for whoever may issue, and for a 复核 or 管理员 通过 / 退回 and a 待复核
 * filter. Hidden at a desk without clerks (no review there); main refuses what the role may not do anyway.
 */
import { useState } from 'react';
import { Badge, Button, Checkbox, List, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftSummary } from '../../../../../shared/ipc/index.js';
import { allowed, useClerksStore } from '../../clerks/actions.js';
import { useIssuanceStore } from '../store.js';
import { formatDateTime } from '../../../lib/format.js';
import { DraftReviewLine, ReturnReason } from './draft-review.js';

type ReviewStep = 'request' | 'approve' | 'return';

interface DraftsMenuProps {
  onSave(): void;
  onOpen(id: number): void;
  onDelete(id: number): void;
  onReview(step: ReviewStep, draft: DraftSummary, note?: string): Promise<boolean>;
}

export function DraftsMenu({ onSave, onOpen, onDelete, onReview }: DraftsMenuProps) {
  const { t } = useTranslation();
  const drafts = useIssuanceStore((s) => s.drafts);
  const draftId = useIssuanceStore((s) => s.draftId);
  const savedAt = useIssuanceStore((s) => s.draftSavedAt);
  const pendingOnly = useIssuanceStore((s) => s.draftsPendingOnly);
  const session = useClerksStore((s) => s.session);
  const withClerks = session?.clerksExist === true;
  const mayRequest = withClerks && allowed(session, 'issuance:requestReview');
  const mayDecide = withClerks && allowed(session, 'issuance:approveDraft');
  const [returning, setReturning] = useState<number | null>(null);
  const current = drafts.find((draft) => draft.id === draftId);

  const actions = (draft: DraftSummary) => {
    const { state } = draft.review;
    const link = (key: string, label: string, onClick: () => void, danger = false) => (
      <Button key={key} type="link" size="small" danger={danger} data-testid={`draft-${key}-${draft.id}`} onClick={onClick}>
        {label}
      </Button>
    );
    return [
      link('open', t('issuanceForm.openDraft'), () => onOpen(draft.id)),
      ...(mayRequest && (state === 'none' || state === 'returned') ? [link('request', t('draftReview.request'), () => void onReview('request', draft))] : []),
      ...(mayDecide && state === 'pending'
        ? [link('approve', t('draftReview.approve'), () => void onReview('approve', draft)), link('return', t('draftReview.return'), () => setReturning(draft.id), true)]
        : []),
      link('delete', t('issuanceForm.deleteDraft'), () => onDelete(draft.id), true),
    ];
  };

  const list = (
    <List
      size="small"
      style={{ width: 560, maxHeight: 420, overflow: 'auto' }}
      dataSource={drafts}
      locale={{ emptyText: t('issuanceForm.noDrafts') }}
      renderItem={(draft) => (
        <List.Item data-testid={`draft-${draft.id}`} actions={actions(draft)}>
          <List.Item.Meta
            title={`#${draft.id} ${draft.buyerName || '—'}`}
            description={
              <>
                <div>{`${t(`invoiceType.${draft.invoiceType}`)} · ¥${draft.total} · ${formatDateTime(draft.updatedAt)}`}</div>
                {withClerks && <DraftReviewLine draft={draft} />}
                {returning === draft.id && (
                  <ReturnReason draft={draft} onReturn={(note) => onReview('return', draft, note)} onCancel={() => setReturning(null)} />
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
  const title = (
    <Space style={{ justifyContent: 'space-between', width: '100%' }}>
      {t('issuanceForm.drafts')}
      {mayDecide && (
        <Checkbox checked={pendingOnly} data-testid="drafts-pending-only" onChange={(event) => useIssuanceStore.getState().setDraftsPendingOnly(event.target.checked)}>
          {t('draftReview.onlyPending')}
        </Checkbox>
      )}
    </Space>
  );
  return (
    <Space>
      <Button data-testid="save-draft" onClick={onSave}>
        {t('app.withKey', { label: t('issuanceForm.saveDraft'), key: 'Ctrl+S' })}
      </Button>
      <Popover content={list} trigger="click" placement="topLeft" title={title}>
        <Badge count={drafts.length} size="small" offset={[-4, 4]}>
          <Button data-testid="drafts">{t('issuanceForm.drafts')}</Button>
        </Badge>
      </Popover>
      {draftId !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="current-draft">
          {t('issuanceForm.currentDraft', { id: draftId })}
          {withClerks && current ? ` · ${t(`draftReview.states.${current.review.state}`)}` : ''}
          {savedAt ? ` · ${t('issuanceForm.draftAutosaved', { time: new Date(savedAt).toLocaleTimeString() })}` : ''}
        </Typography.Text>
      )}
      {withClerks && current?.review.state === 'pending' && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="current-draft-awaiting">
          {t('draftReview.awaitingHint', { id: current.id })}
        </Typography.Text>
      )}
    </Space>
  );
}
