/**
 * 发票统计 for a tax period (a month or a quarter): the output by invoice kind and by rate and levy (blue, red,
 * net in money only, voided apart; the rate rows split into special and other invoices as the VAT return's
 * schedule of sales asks, each named by its rate and levy in words: 13%, 3% 简易征收, 免税), the schedule of
 * sales itself (schedule-table.tsx), the input by type in words — the collected invoices issued in the period
 * and those certified for it with their valid tax — the received ledger's totals (amounts of the same
 * invoices), and the export to Excel. Test ids: stats-kind, stats-year, stats-index, stats-show, stats-export,
 * stats-by-kind, stats-by-rate, stats-schedule…, stats-input, stats-received.
 */
import { Button, Card, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rateLevyText } from '../../../../../shared/i18n/line-levy-text.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import type { Figure, InputKindRow, OutputKind, OutputRateRow, PeriodStatistics, SidedFigures, Sum, TaxPeriod } from '../../../../../shared/ipc/schemas/statistics.js';
import { exportPeriod, loadPeriod } from '../actions.js';
import { useStatisticsStore } from '../store.js';
import { ScheduleTable } from './schedule-table.js';

/** The look the three tables share. */
const TABLE = { size: 'small', bordered: true, pagination: false } as const;

function PeriodPicker({ period }: { period: TaxPeriod }) {
  const { t } = useTranslation();
  const patch = useStatisticsStore((s) => s.patch);
  const busy = useStatisticsStore((s) => s.busy);
  const set = (next: Partial<TaxPeriod>) => {
    const merged = { ...period, ...next };
    if (merged.kind === 'quarter' && merged.index > 4) merged.index = Math.ceil(merged.index / 3);
    patch({ period: merged });
  };
  const indexes = period.kind === 'month' ? 12 : 4;
  return (
    <Space wrap>
      <Select
        data-testid="stats-kind"
        value={period.kind}
        style={{ width: 100 }}
        options={[
          { value: 'month', label: t('statistics.period.month') },
          { value: 'quarter', label: t('statistics.period.quarter') },
        ]}
        onChange={(kind) => set({ kind })}
      />
      <InputNumber data-testid="stats-year" min={2000} max={2100} value={period.year} onChange={(year) => year !== null && set({ year })} addonAfter={t('statistics.period.year')} />
      <Select
        data-testid="stats-index"
        value={period.index}
        style={{ width: 130 }}
        options={Array.from({ length: indexes }, (_, i) => ({ value: i + 1, label: t(period.kind === 'month' ? 'statistics.period.monthOf' : 'statistics.period.quarterOf', { index: i + 1 }) }))}
        onChange={(index) => set({ index })}
      />
      <Button data-testid="stats-show" type="primary" loading={busy.stats} onClick={() => void loadPeriod(period)}>
        {t('statistics.period.show')}
      </Button>
      <Button data-testid="stats-export" loading={busy.export} onClick={() => void exportPeriod(period)}>
        {t('statistics.period.export')}
      </Button>
    </Space>
  );
}

function figureColumns<Row>(t: (key: string) => string, group: string, pick: (row: Row) => Figure, countLabel: string) {
  return {
    title: group,
    children: [
      { title: countLabel, key: `${group}-count`, align: 'right' as const, render: (_: unknown, row: Row) => pick(row).count },
      { title: t('statistics.columns.amount'), key: `${group}-amount`, align: 'right' as const, render: (_: unknown, row: Row) => pick(row).amount },
      { title: t('statistics.columns.tax'), key: `${group}-tax`, align: 'right' as const, render: (_: unknown, row: Row) => pick(row).tax },
    ],
  };
}

/** A net (blue + red) or a special / other split: money only, no count (a red invoice is no second sale). */
function sumColumns<Row>(t: (key: string) => string, group: string, pick: (row: Row) => Sum) {
  return {
    title: group,
    children: [
      { title: t('statistics.columns.amount'), key: `${group}-amount`, align: 'right' as const, render: (_: unknown, row: Row) => pick(row).amount },
      { title: t('statistics.columns.tax'), key: `${group}-tax`, align: 'right' as const, render: (_: unknown, row: Row) => pick(row).tax },
    ],
  };
}

function sidedColumns<Row extends SidedFigures>(t: (key: string) => string, countLabel: string) {
  return [
    figureColumns<Row>(t, t('statistics.columns.blue'), (row) => row.blue, countLabel),
    figureColumns<Row>(t, t('statistics.columns.red'), (row) => row.red, countLabel),
    sumColumns<Row>(t, t('statistics.columns.net'), (row) => row.net),
    figureColumns<Row>(t, t('statistics.columns.voided'), (row) => row.voided, countLabel),
  ];
}

function StatsTables({ stats }: { stats: PeriodStatistics }) {
  const { t, i18n } = useTranslation();
  const tt = (key: string) => t(key as 'statistics.title');
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const kindRows = [...stats.output.byKind, { kind: 'total' as const, ...stats.output.total }];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('statistics.period.range', { from: stats.from, to: stats.to })}</Typography.Text>
      <Table<(typeof kindRows)[number]>
        data-testid="stats-by-kind"
        {...TABLE}
        rowKey="kind"
        dataSource={kindRows}
        columns={[
          { title: t('statistics.columns.kind'), key: 'kind', render: (_, row) => (row.kind === 'total' ? t('statistics.columns.total') : t(`statistics.kinds.${row.kind as OutputKind}`)) },
          ...sidedColumns(tt, t('statistics.columns.count')),
        ]}
      />
      <Table<OutputRateRow>
        data-testid="stats-by-rate"
        {...TABLE}
        rowKey={(row) => `${row.rate}|${row.levy}`}
        dataSource={stats.output.byRate}
        columns={[
          { title: t('statistics.columns.rate'), key: 'rate', render: (_, row) => rateLevyText(row, language) },
          sumColumns<OutputRateRow>(tt, t('statistics.columns.special'), (row) => row.special),
          sumColumns<OutputRateRow>(tt, t('statistics.columns.other'), (row) => row.other),
          ...sidedColumns<OutputRateRow>(tt, t('statistics.columns.lines')),
        ]}
      />
      <Typography.Text type="secondary">{t('statistics.netNoCount')}</Typography.Text>
      <ScheduleTable schedule={stats.output.schedule} />
      <InputTable input={stats.input} />
      <Typography.Text data-testid="stats-input-tax">{t('statistics.inputCertifiedTax', { tax: stats.input.certifiedTax })}</Typography.Text>
      <Typography.Text data-testid="stats-received">
        {t('statistics.received', { ...stats.received })}
        {stats.received.incomplete > 0 && t('statistics.receivedIncomplete', { incomplete: stats.received.incomplete })}
      </Typography.Text>
    </Space>
  );
}

/**
 * The input side by kind, in words (shared/i18n/input-kind-texts.ts, as main's workbook words it; a code it
 * does not know as it is), as two figures each exactly the period's: the collected invoices issued in it,
 * and those certified for it with their valid tax; a total row over every kind.
 */
function InputTable({ input }: { input: PeriodStatistics['input'] }) {
  const { t } = useTranslation();
  const tt = (key: string) => t(key as 'statistics.title');
  type Row = InputKindRow & { total?: true };
  const rows: Row[] = input.byKind.length > 0 ? [...input.byKind, { kind: '', collected: input.collected, certified: input.certified, certifiedTax: input.certifiedTax, total: true }] : [];
  return (
    <Table<Row>
      data-testid="stats-input"
      {...TABLE}
      rowKey={(row) => (row.total ? 'total' : row.kind)}
      dataSource={rows}
      columns={[
        {
          title: t('statistics.columns.inputKind'),
          key: 'kind',
          render: (_, row) => (row.total ? t('statistics.columns.inputTotal') : t(`statistics.inputKinds.${row.kind}` as 'statistics.title', { defaultValue: row.kind })),
        },
        figureColumns<Row>(tt, t('statistics.columns.collected'), (row) => row.collected, t('statistics.columns.count')),
        figureColumns<Row>(tt, t('statistics.columns.certified'), (row) => row.certified, t('statistics.columns.count')),
        { title: t('statistics.columns.certifiedTax'), dataIndex: 'certifiedTax', key: 'certifiedTax', align: 'right' },
      ]}
    />
  );
}

export function PeriodPanel() {
  const { t } = useTranslation();
  const period = useStatisticsStore((s) => s.period);
  const stats = useStatisticsStore((s) => s.stats);
  if (!period) return null;
  return (
    <Card size="small" title={t('statistics.period.title')} extra={<PeriodPicker period={period} />} data-testid="stats-panel">
      {stats ? <StatsTables stats={stats} /> : null}
    </Card>
  );
}
