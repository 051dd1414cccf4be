/**
 * The dashboard's charts (recharts, bundled): the last 12 months' output tax against certified input tax,
 * and this month's output by rate. A click on a bar opens the list behind it (the month's output invoices
 * in the history, the month's certified invoices in the input ledger, the month's invoices with a line at
 * a rate and levy — one bar each, 0 免税 and 0 零税率 apart, labelled in words: 13%, 免税, 3%（简易征收）).
 * Each chart can be saved as a PNG picture. Test ids: chart-months, chart-rates, chart-picture-<name>,
 * chart-bar-output-<yyyyMM>, chart-bar-input-<yyyyMM>, chart-bar-rate-<rate>-<levy> (the amount),
 * chart-bar-ratetax-<rate>-<levy> (the tax).
 */
import { useRef } from 'react';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { MonthTaxes, OutputRateRow } from '../../../../../shared/ipc/schemas/statistics.js';
import { rateLevyText } from '../../../../../shared/i18n/line-levy-text.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import { saveChartPicture } from '../actions.js';
import { useStatisticsStore } from '../store.js';

const OUTPUT_COLOR = '#1677ff';
const INPUT_COLOR = '#52c41a';

/** A month yyyyMM as the axis shows it: 2026-11 / 2026年11月 are both read by either language's clerk. */
const monthLabel = (month: string) => `${month.slice(0, 4)}-${month.slice(4)}`;

function PictureButton({ holder, name }: { holder: React.RefObject<HTMLDivElement | null>; name: string }) {
  const { t } = useTranslation();
  const busy = useStatisticsStore((s) => s.busy.picture);
  return (
    <Button
      size="small"
      loading={busy}
      data-testid={`chart-picture-${name}`}
      onClick={() => {
        const svg = holder.current?.querySelector('svg.recharts-surface[role="application"]');
        if (svg instanceof SVGSVGElement) void saveChartPicture(svg, `${name}.png`);
      }}
    >
      {t('statistics.savePicture')}
    </Button>
  );
}

/** A month with any tax keeps a bar a clerk can see and click, however small beside the others. */
const visibleBar = (value: unknown) => (Number(value) !== 0 ? 4 : 0);

/** A bar that carries a test id and opens its list. */
function clickableBar(testId: (index: number) => string, open: (index: number) => void) {
  return function ClickableBar(props: BarShapeProps) {
    const index = props.index ?? 0;
    return <Rectangle {...props} data-testid={testId(index)} style={{ cursor: 'pointer' }} onClick={() => open(index)} />;
  };
}

export function MonthsChart({ months, onOutput, onInput }: { months: MonthTaxes[]; onOutput: (month: string) => void; onInput: (month: string) => void }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const data = months.map((m) => ({ month: monthLabel(m.month), output: Number(m.outputTax), input: Number(m.certifiedInputTax) }));
  return (
    <Card size="small" title={t('statistics.monthly')} extra={<PictureButton holder={holder} name="monthly-tax" />} data-testid="chart-months">
      <div ref={holder} style={{ width: '100%', height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" fontSize={12} />
            <YAxis fontSize={12} width={80} />
            <Tooltip formatter={(value) => Number(value).toFixed(2)} />
            <Legend />
            <Bar
              dataKey="output"
              name={t('statistics.outputTax')}
              fill={OUTPUT_COLOR}
              isAnimationActive={false}
              minPointSize={visibleBar}
              shape={clickableBar((i) => `chart-bar-output-${months[i]?.month ?? i}`, (i) => months[i] && onOutput(months[i].month))}
            />
            <Bar
              dataKey="input"
              name={t('statistics.inputTax')}
              fill={INPUT_COLOR}
              isAnimationActive={false}
              minPointSize={visibleBar}
              shape={clickableBar((i) => `chart-bar-input-${months[i]?.month ?? i}`, (i) => months[i] && onInput(months[i].month))}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export function RatesChart({ rates, onRate }: { rates: OutputRateRow[]; onRate: (row: OutputRateRow) => void }) {
  const { t, i18n } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const language = uiLanguageOf(i18n.language as LocaleCode);
  const data = rates.map((r) => ({ rate: rateLevyText(r, language), amount: Number(r.net.amount), tax: Number(r.net.tax) }));
  const barId = (prefix: string) => (i: number) => (rates[i] ? `${prefix}-${rates[i].rate}-${rates[i].levy}` : `${prefix}-${i}`);
  return (
    <Card size="small" title={t('statistics.thisPeriodByRate')} extra={<PictureButton holder={holder} name="rates" />} data-testid="chart-rates">
      <div ref={holder} style={{ width: '100%', height: 280 }}>
        {rates.length === 0 ? (
          <Empty />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="rate" fontSize={12} />
              <YAxis fontSize={12} width={80} />
              <Tooltip formatter={(value) => Number(value).toFixed(2)} />
              <Legend />
              <Bar dataKey="amount" name={t('statistics.columns.amount')} fill="#91caff" isAnimationActive={false} minPointSize={visibleBar}
                shape={clickableBar(barId('chart-bar-rate'), (i) => rates[i] && onRate(rates[i]))} />
              <Bar dataKey="tax" name={t('statistics.outputTax')} fill={OUTPUT_COLOR} isAnimationActive={false} minPointSize={visibleBar}
                shape={clickableBar(barId('chart-bar-ratetax'), (i) => rates[i] && onRate(rates[i]))} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </div>
    </Card>
  );
}
