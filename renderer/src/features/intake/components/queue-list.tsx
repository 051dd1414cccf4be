/**
 * The intake queue: one row per file in arrival order with its state (after verification: the result in
 * words, coloured to match — never a green 已查验 for 查无此票), where its fields came from, a 重复 flag
 * linking to the first and a flag for another buyer. Keyboard: Enter on the open file accepts it (as the
 * hint says), Enter on another opens it; the focus follows the review to the next file. Rows are plain
 * and the list scrolls inside its box, so a queue of 200 files renders and updates without stalling.
 * Test ids: intake-queue, intake-item (data-name, data-status, data-recognised: the file went to
 * recognition), intake-recognised, intake-counts, intake-state, intake-item-buyer.
 */
import { Tag, Typography } from 'antd';
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeItem } from '../../../../../shared/ipc/index.js';
import { openItem } from '../actions.js';
import { useIntakeStore } from '../store.js';
import { StateTag } from './state-tag.js';

const STATUS_COLOR: Record<IntakeItem['status'], string> = {
  reading: 'processing', recognising: 'processing', ready: 'blue', failed: 'error', duplicate: 'warning', accepted: 'green', verified: 'default',
};

const Row = memo(function Row({ item, selected }: { item: IntakeItem; selected: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Accepting opens the next file: the focus follows it when it was in the queue, so Enter goes on accepting.
  useEffect(() => {
    if (selected && ref.current && document.activeElement?.closest('[data-testid="intake-queue"]')) ref.current.focus();
  }, [selected]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (selected) useIntakeStore.getState().requestAccept();
    else void openItem(item);
  };
  const verified = item.verification.state !== 'unverified';
  return (
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      data-testid="intake-item"
      data-name={item.fileName}
      data-status={item.status}
      data-recognised={item.recognised}
      onClick={() => void openItem(item)}
      onKeyDown={onKeyDown}
      style={{ padding: '6px 8px', borderBottom: '1px solid #f0f0f0', cursor: 'pointer', background: selected ? '#e6f4ff' : undefined }}
    >
      <Typography.Text ellipsis style={{ maxWidth: 220 }}>
        {item.fileName}
      </Typography.Text>{' '}
      {item.status !== 'verified' && <Tag color={STATUS_COLOR[item.status]}>{t(`intake.status.${item.status}`)}</Tag>}
      {verified && <StateTag view={item.verification} />}
      {item.buyerMismatch && (
        <Tag color="red" data-testid="intake-item-buyer">
          {t('intake.otherBuyer')}
        </Tag>
      )}
      {item.recognised && item.status !== 'recognising' && <Tag data-testid="intake-recognised">{t('intake.recognisedTag')}</Tag>}
      {item.duplicate && item.status !== 'duplicate' && <Tag color="red" data-testid="intake-duplicate">{t('intake.status.duplicate')}</Tag>}
      {item.fields.fphm && <div style={{ fontSize: 12, color: '#888' }}>{item.fields.fphm}</div>}
      {item.error && (
        <div style={{ fontSize: 12, color: item.status === 'failed' ? '#cf1322' : '#d48806' }} data-testid="intake-item-error">
          {t(`intake.errors.${item.error.code}` as 'intake.errors.internal')}
        </div>
      )}
    </div>
  );
});

export function QueueList() {
  const { t } = useTranslation();
  const order = useIntakeStore((s) => s.order);
  const items = useIntakeStore((s) => s.items);
  const selected = useIntakeStore((s) => s.selected);
  const list = order.map((id) => items[id]).filter((item): item is IntakeItem => item !== undefined);
  const count = (status: IntakeItem['status']) => list.filter((item) => item.status === status).length;
  return (
    <div>
      <Typography.Text type="secondary" data-testid="intake-counts">
        {t('intake.counts', { total: list.length, ready: count('ready'), accepted: count('accepted') + count('verified'), duplicate: count('duplicate'), failed: count('failed') })}
      </Typography.Text>
      <div data-testid="intake-queue" style={{ maxHeight: 560, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, marginTop: 4 }}>
        {list.length === 0 ? <div style={{ padding: 12 }}>{t('intake.queueEmpty')}</div> : list.map((item) => <Row key={item.id} item={item} selected={item.id === selected} />)}
      </div>
    </div>
  );
}
