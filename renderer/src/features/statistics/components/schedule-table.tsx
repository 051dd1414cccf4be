/**
 * The period's sales in the rows and columns of 增值税及附加税费申报表附列资料（一）（本期销售情况明细）, as main worked them
 * out (main/features/statistics/schedule.ts): the form's sections, row numbers and names, its 14 columns under
 * their groups; an empty cell is the clerk's (未开具发票, 纳税检查调整, 预征率) or one the form has not for the row.
 * Below it, the sales in no row with the reason, and the voided invoices' total.
 * Test ids: stats-schedule, stats-schedule-row-<row>, stats-schedule-apart, stats-schedule-voided.
 */
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { levyText } from '../../../../../shared/i18n/levy-texts.js';
import { ratePercent } from '../../../../../shared/i18n/line-levy-text.js';
import { APART_KEYS, categoryKey, scheduleText, SCHEDULE_COLUMN_GROUPS, SCHEDULE_COLUMN_NAMES, SECTION_STARTS, type ScheduleTextKey } from '../../../../../shared/i18n/schedule-texts.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import type { SalesSchedule, ScheduleApart, ScheduleRow } from '../../../../../shared/ipc/schemas/statistics.js';

type Line = { key: string; section: ScheduleTextKey } | { key: string; row: ScheduleRow };

const GROUPS = SCHEDULE_COLUMN_GROUPS;
const NAMES = SCHEDULE_COLUMN_NAMES;
const ALL_COLUMNS = 16;

export function ScheduleTable({ schedule }: { schedule: SalesSchedule }) {
  const { t, i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const s = (key: ScheduleTextKey) => scheduleText(key, {}, language);
  const lines: Line[] = schedule.rows.flatMap((row) => {
    const section = SECTION_STARTS[row.row];
    return section ? [{ key: `section-${row.row}`, section }, { key: row.row, row }] : [{ key: row.row, row }];
  });
  // A section line spans the whole table; its first cell holds the words, the others are folded away.
  const spanSection = (first: boolean) => (line: Line) => ('section' in line ? { colSpan: first ? ALL_COLUMNS : 0, style: { textAlign: 'left' as const } } : {});
  const columns: ColumnsType<Line> = [
    {
      title: s('colRow'),
      key: 'row',
      width: 56,
      align: 'center',
      onCell: spanSection(true),
      render: (_, line) => ('section' in line ? <Typography.Text strong>{s(line.section)}</Typography.Text> : line.row.row),
    },
    { title: s('colItem'), key: 'item', width: 260, onCell: spanSection(false), render: (_, line) => ('row' in line ? s(`row${line.row.row}` as ScheduleTextKey) : null) },
    ...GROUPS.map(([from, to, group]) => ({
      title: s(group),
      key: group,
      children: Array.from({ length: to - from + 1 }, (_, i) => from + i).map((column) => ({
        title: `${s(NAMES[column - 1]!)} ${column}`,
        key: `c${column}`,
        align: 'right' as const,
        onCell: spanSection(false),
        render: (_: unknown, line: Line) => ('row' in line ? line.row.cells[column - 1] : null),
      })),
    })),
  ];
  const apartColumns: ColumnsType<ScheduleApart> = [
    { title: s('apartTitle'), key: 'reason', render: (_, item) => s(APART_KEYS[item.reason]) },
    { title: t('statistics.columns.rate'), key: 'rate', render: (_, item) => `${ratePercent(item.rate)} ${levyText(item.levy, language)}` },
    { title: t('statistics.columns.category'), key: 'category', render: (_, item) => s(categoryKey(item.category)) },
    { title: t('statistics.columns.lines'), dataIndex: 'lines', key: 'lines', align: 'right' },
    { title: t('statistics.columns.sales'), dataIndex: 'amount', key: 'amount', align: 'right' },
    { title: t('statistics.columns.tax'), dataIndex: 'tax', key: 'tax', align: 'right' },
  ];
  return (
    <>
      <Typography.Text strong>{s('title')}</Typography.Text>
      <Table<Line>
        data-testid="stats-schedule"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="key"
        dataSource={lines}
        columns={columns}
        onRow={(line) => ('row' in line ? ({ 'data-testid': `stats-schedule-row-${line.row.row}` } as React.HTMLAttributes<HTMLElement>) : {})}
      />
      {schedule.apart.length > 0 ? (
        <Table<ScheduleApart>
          data-testid="stats-schedule-apart"
          size="small"
          bordered
          pagination={false}
          rowKey={(item) => `${item.reason}|${item.rate}|${item.levy}|${item.category}`}
          dataSource={schedule.apart}
          columns={apartColumns}
        />
      ) : null}
      <Typography.Text data-testid="stats-schedule-voided" type="secondary">
        {`${s('voided')}: ${t('statistics.columns.sales')} ${schedule.voided.amount} · ${t('statistics.columns.tax')} ${schedule.voided.tax}`}
      </Typography.Text>
    </>
  );
}
