/**
 * Telling a clerk why a control is not theirs (issue 34 point 5): by the same rights table main's router holds
 * (shared/ipc/rights.ts), a control whose channel the signed-in clerk's role lacks is disabled with a tooltip
 * naming the right it needs (需要管理员权限) — never offered and refused only after the click, never greyed
 * without a word. Main still refuses the call whatever the page shows.
 */
import type { ReactElement } from 'react';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../../shared/ipc/index.js';
import { CHANNEL_RIGHTS } from '../../../../../shared/ipc/rights.js';
import { useAllowed } from '../actions.js';

/** Why the signed-in clerk may not call `channel` (需要管理员权限), or null when they may. */
export function useRightNeeded(channel: Channel): string | null {
  const { t } = useTranslation();
  const may = useAllowed(channel);
  return may ? null : t(`clerks.needsRight.${CHANNEL_RIGHTS[channel] as 'read' | 'issue' | 'review' | 'admin'}`);
}

/**
 * Wraps a control that `reason` (useRightNeeded's, or another of its own) keeps disabled: hovering it says why.
 * A disabled button takes no pointer events, so the tooltip sits on a span around it (data-testid `<id>-why`).
 * It passes no props on, so it goes outside a Popconfirm or Dropdown, never as their trigger: a trigger must take
 * the click and ref they attach (inside one, 切换到团队账本 clicked and asked nothing).
 */
export function WhyDisabled({ reason, testId, children }: { reason: string | null; testId?: string; children: ReactElement }) {
  if (reason === null) return children;
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid={testId ? `${testId}-why` : undefined} data-why={reason}>
        {children}
      </span>
    </Tooltip>
  );
}
