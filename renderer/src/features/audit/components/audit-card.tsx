/**
 * Settings → 操作日志 (issue 24, docs/team-ledger.md §6), an admin's: the audit trail newest first — 时间, 操作员,
 * 本机/桌面, 操作, 对象, 企业, 详情 — filtered by clerk, action and days, in keyset pages (加载更多). Action
 * names come as codes and are worded here (locale.ts); the list reloads on every ledger change (each recorded
 * write announces its own change, and events with no other change announce `audit`), here or at another desk.
 * What an event names by id is said as a clerk knows it (issue 34): an invoice by its number (its serial until it
 * has one), its type and 蓝字 or 红字; a clerk by name — main reads them with the page (AuditEventView).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, DatePicker, Flex, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { AUDIT_ACTIONS, DESK_ACTOR, type AuditAction, type AuditEventView, type AuditInvoice } from '../../../../../shared/ipc/schemas/audit.js';
import { CHANGE_AGGREGATES } from '../../../../../shared/ipc/schemas/changes.js';
import { useChanges } from '../../../lib/change-feed.js';
import { formatDateTime } from '../../../lib/format.js';
import { loadAuditPage } from '../actions.js';
import { useAllowed, useClerksStore } from '../../clerks/actions.js';

/** Every change but the desk's own settings views and tax codes may come with an event. */
const WATCHED = CHANGE_AGGREGATES.filter((aggregate) => aggregate !== 'taxCodes');
const PAGE = 50;
/** Detail keys whose values are codes (a role, the ledger switched to, what was printed, a refusal's or a reversal's reason, blue or red, a backup's kind). */
const CODED_KEYS = new Set(['role', 'from', 'to', 'document', 'reason', 'color', 'kind', 'problem']);
/** Detail keys the 对象 column or a worded value already says (an invoice's id, its type code). */
const SHOWN_ELSEWHERE = new Set(['blueInvoiceId']);

interface Filter {
  actor?: string;
  action?: AuditAction;
  range?: [Dayjs, Dayjs];
}

export function AuditCard() {
  const { t } = useTranslation();
  const mayRead = useAllowed('audit:list');
  const team = useClerksStore((s) => s.team);
  const [filter, setFilter] = useState<Filter>({});
  const [rows, setRows] = useState<AuditEventView[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (cursor: string | null) => {
      setBusy(true);
      const { range, ...rest } = filter;
      const page = await loadAuditPage({
        ...rest,
        ...(range ? { from: range[0].startOf('day').toISOString(), to: range[1].add(1, 'day').startOf('day').toISOString() } : {}),
        ...(cursor ? { cursor } : {}),
        limit: PAGE,
      });
      setBusy(false);
      if (!page) return;
      setRows((shown) => (cursor ? [...shown, ...page.rows] : page.rows));
      setNext(page.next);
      setTotal(page.total);
    },
    [filter],
  );
  useEffect(() => {
    if (mayRead) void load(null);
  }, [mayRead, load]);
  useChanges(WATCHED, () => {
    if (mayRead) void load(null);
  });
  if (!mayRead) return null;

  const actorName = (actor: string) => (actor === DESK_ACTOR ? t('audit.deskActor') : actor);
  // An event of a newer desk's action (a team ledger) shows its code rather than nothing.
  const actionName = (action: string) => ((AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`audit.actions.${action as AuditAction}`) : action);
  // Main stores codes (a table's name, a detail's keys, a role); worded here, or shown as stored when unknown.
  const word = (group: 'subjects' | 'detailKeys' | 'detailValues', code: string) => t(`audit.${group}.${code}`, { defaultValue: code });
  // Only coded values are worded (a role, the ledger switched to, a reason code, yes/no): a name stays as typed.
  const valueText = (key: string, value: unknown) =>
    typeof value === 'boolean' || (typeof value === 'string' && CODED_KEYS.has(key)) ? word('detailValues', String(value)) : typeof value === 'string' ? value : JSON.stringify(value);
  const typeName = (code: string) => t(`invoiceType.${code}`, { defaultValue: code });
  // An invoice as a clerk knows it: No. and number once issued (its serial before), type, 蓝字 or 红字.
  const invoiceText = (invoice: AuditInvoice) =>
    `${invoice.fphm ? t('audit.invoiceNumber', { number: invoice.fphm }) : t('audit.invoiceSerial', { lsh: invoice.lsh })}${t('audit.invoiceKind', { type: typeName(invoice.fplxdm), color: word('detailValues', invoice.red ? 'red' : 'blue') })}`;
  const recordText = (event: AuditEventView) => {
    if (event.invoices.length > 0 && event.aggregate === 'issued_invoice') return `${word('subjects', event.aggregate)} ${event.invoices.map(invoiceText).join(', ')}`;
    if (event.clerks.length > 0) return `${word('subjects', event.aggregate)} ${event.clerks.map((clerk) => clerk.name).join(', ')}`;
    return [word('subjects', event.aggregate), event.recordIds.join(', ')].filter(Boolean).join(' ');
  };
  const detailValue = (key: string, value: unknown) => {
    if (key === 'fplxdm' && typeof value === 'string') return typeName(value);
    return valueText(key, value);
  };
  const detailText = (event: AuditEventView): string => {
    const detail = event.detail ?? {};
    const parts = Object.entries(detail)
      .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
      .map(([key, value]) => `${word('detailKeys', key)}: ${detailValue(key, value)}`);
    // The blue invoice a reversal names, by its number.
    const blueId = detail.blueInvoiceId;
    const blue = blueId === undefined ? undefined : event.invoices.find((invoice) => invoice.id === String(blueId));
    if (blueId !== undefined) parts.unshift(`${word('detailKeys', 'blueInvoiceId')}: ${blue ? invoiceText(blue) : String(blueId)}`);
    return parts.join('; ');
  };

  return (
    <Card title={t('audit.title')} data-testid="audit-card">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('audit.intro')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('audit.allClerks')}
            value={filter.actor}
            onChange={(actor?: string) => setFilter(({ actor: _, ...rest }) => (actor === undefined ? rest : { ...rest, actor }))}
            options={[{ value: DESK_ACTOR, label: t('audit.deskActor') }, ...team.map((clerk) => ({ value: clerk.name, label: clerk.name }))]}
            data-testid="audit-actor"
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 200 }}
            placeholder={t('audit.allActions')}
            value={filter.action}
            onChange={(action?: AuditAction) => setFilter(({ action: _, ...rest }) => (action === undefined ? rest : { ...rest, action }))}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(action) }))}
            data-testid="audit-action"
          />
          <DatePicker.RangePicker
            value={filter.range ?? null}
            onChange={(value) => setFilter(({ range: _, ...rest }) => (value?.[0] && value[1] ? { ...rest, range: [value[0], value[1]] } : rest))}
            data-testid="audit-range"
          />
          <Button onClick={() => void load(null)} data-testid="audit-refresh">
            {t('audit.refresh')}
          </Button>
          <Typography.Text type="secondary" data-testid="audit-total">
            {t('audit.total', { count: total })}
          </Typography.Text>
        </Flex>
        <Table<AuditEventView>
          size="small"
          rowKey="id"
          pagination={false}
          loading={busy}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          data-testid="audit-table"
          onRow={(event) => ({ 'data-testid': `audit-row-${event.action}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'at', title: t('audit.columns.at'), render: (_, e) => formatDateTime(e.at) },
            { key: 'actor', title: t('audit.columns.actor'), render: (_, e) => actorName(e.actor) },
            { key: 'desk', title: t('audit.columns.desk'), dataIndex: 'desk' },
            { key: 'action', title: t('audit.columns.action'), render: (_, e) => actionName(e.action) },
            { key: 'record', title: t('audit.columns.record'), render: (_, e) => recordText(e) },
            { key: 'enterprise', title: t('audit.columns.enterprise'), render: (_, e) => e.enterprise ?? '' },
            { key: 'detail', title: t('audit.columns.detail'), render: (_, e) => detailText(e) },
          ]}
        />
        {next !== null && (
          <Button onClick={() => void load(next)} loading={busy} data-testid="audit-more">
            {t('audit.more')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
