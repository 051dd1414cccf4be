/** The drafts button: save the current form (Ctrl+S), and open or delete a saved draft. */
import { Badge, Button, List, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIssuanceStore } from '../store.js';
import { formatDateTime } from '../../../lib/format.js';

interface DraftsMenuProps {
  onSave(): void;
  onOpen(id: number): void;
  onDelete(id: number): void;
}

export function DraftsMenu({ onSave, onOpen, onDelete }: DraftsMenuProps) {
  const { t } = useTranslation();
  const drafts = useIssuanceStore((s) => s.drafts);
  const draftId = useIssuanceStore((s) => s.draftId);
  const savedAt = useIssuanceStore((s) => s.draftSavedAt);
  const list = (
    <List
      size="small"
      style={{ width: 420, maxHeight: 360, overflow: 'auto' }}
      dataSource={drafts}
      locale={{ emptyText: t('issuanceForm.noDrafts') }}
      renderItem={(draft) => (
        <List.Item
          data-testid={`draft-${draft.id}`}
          actions={[
            <Button key="open" type="link" size="small" data-testid={`draft-open-${draft.id}`} onClick={() => onOpen(draft.id)}>
              {t('issuanceForm.openDraft')}
            </Button>,
            <Button key="delete" type="link" danger size="small" data-testid={`draft-delete-${draft.id}`} onClick={() => onDelete(draft.id)}>
              {t('issuanceForm.deleteDraft')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={`#${draft.id} ${draft.buyerName || '—'}`}
            description={`${t(`invoiceType.${draft.invoiceType}`)} · ¥${draft.total} · ${formatDateTime(draft.updatedAt)}`}
          />
        </List.Item>
      )}
    />
  );
  return (
    <Space>
      <Button data-testid="save-draft" onClick={onSave}>
        {t('app.withKey', { label: t('issuanceForm.saveDraft'), key: 'Ctrl+S' })}
      </Button>
      <Popover content={list} trigger="click" placement="topLeft" title={t('issuanceForm.drafts')}>
        <Badge count={drafts.length} size="small" offset={[-4, 4]}>
          <Button data-testid="drafts">{t('issuanceForm.drafts')}</Button>
        </Badge>
      </Popover>
      {draftId !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="current-draft">
          {t('issuanceForm.currentDraft', { id: draftId })}
          {savedAt ? ` · ${t('issuanceForm.draftAutosaved', { time: new Date(savedAt).toLocaleTimeString() })}` : ''}
        </Typography.Text>
      )}
    </Space>
  );
}
