/**
 * 概览, the first view: the work waiting (each figure opens its list), the deadlines (certification GXJZR
 * and VAT filing, red within 3 days), the last 12 months' output tax against certified input tax, this
 * month by rate, and the period statistics below. Follows the change feed and main's deadline clock
 * (statistics/actions.ts), and loads again when its tab is shown.
 * Test ids: dashboard-view, waiting-<item>, deadline-<kind>, print-failures, print-failure-<jobIndex>.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, List, Modal, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard, Deadline } from '../../../../../shared/ipc/schemas/statistics.js';
import { loadDashboard, loadPrintFailures, openHistory, openInputLedger, openRateInvoices, openReceivedLedger, subscribeStatistics } from '../actions.js';
import { useAppStore } from '../../../app/store.js';
import { useStatisticsStore } from '../store.js';
import { MonthsChart, RatesChart } from './tax-chart.js';
import { PeriodPanel } from './period-panel.js';

type WaitingItem = keyof Dashboard['waiting'];

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** The China-calendar days of a month yyyyMM, as the history's date filter takes them. */
function monthDays(month: string): { dateFrom: string; dateTo: string } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(4));
  return { dateFrom: `${month.slice(0, 4)}-${month.slice(4)}-01`, dateTo: `${month.slice(0, 4)}-${month.slice(4)}-${String(lastDay(year, index)).padStart(2, '0')}` };
}

function DeadlineAlert({ deadline }: { deadline: Deadline }) {
  const { t } = useTranslation();
  const left =
    deadline.daysLeft > 0
      ? t('statistics.deadline.daysLeft', { days: deadline.daysLeft })
      : deadline.daysLeft === 0
        ? t('statistics.deadline.today')
        : t('statistics.deadline.passed', { days: -deadline.daysLeft });
  return (
    <Alert
      data-testid={`deadline-${deadline.kind}`}
      data-urgent={deadline.urgent ? 'true' : 'false'}
      type={deadline.urgent ? 'error' : deadline.daysLeft < 0 ? 'info' : 'success'}
      showIcon
      message={`${t(`statistics.deadline.${deadline.kind}`, { date: deadline.date })} · ${left}`}
    />
  );
}

function PrintFailures({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const failures = useStatisticsStore((s) => s.printFailures);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('statistics.printFailures')} width={640}>
      <List
        data-testid="print-failures"
        locale={{ emptyText: t('statistics.printFailuresEmpty') }}
        dataSource={failures ?? []}
        renderItem={(job, index) => (
          <List.Item
            data-testid={`print-failure-${index}`}
            style={{ cursor: 'pointer' }}
            onClick={() => {
              onClose();
              openHistory({ text: job.invoiceNumber });
            }}
          >
            <Space>
              <Typography.Text strong>{job.invoiceCode ? `${job.invoiceCode} ${job.invoiceNumber}` : job.invoiceNumber}</Typography.Text>
              <span>{t(`statistics.document.${job.document}`)}</span>
              <Typography.Text type="danger">{job.errorCode ?? ''}</Typography.Text>
              <Typography.Text type="secondary">{job.at.slice(0, 19).replace('T', ' ')}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}

export function DashboardView() {
  const { t } = useTranslation();
  const dashboard = useStatisticsStore((s) => s.dashboard);
  const busy = useStatisticsStore((s) => s.busy.dashboard);
  const [failuresOpen, setFailuresOpen] = useState(false);
  // Loaded each time the tab is shown; between, the change feed and the deadline clock keep it true.
  const shown = useAppStore((s) => s.view === 'dashboard');
  useEffect(() => subscribeStatistics(), []);
  useEffect(() => {
    if (shown) void loadDashboard();
  }, [shown]);

  const uncertifiedPeriod = dashboard?.certificationPeriod ?? undefined;
  const open: Record<WaitingItem, () => void> = {
    issuing: () => openHistory({ status: 'queued' }),
    failed: () => openHistory({ status: 'failed' }),
    printFailed: () => {
      setFailuresOpen(true);
      void loadPrintFailures();
    },
    unverified: () => openReceivedLedger({ state: 'unverified' }),
    uncertified: () => openInputLedger({ RZZT: '0', FPZT: '0', ...(uncertifiedPeriod ? { period: uncertifiedPeriod } : {}) }),
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="dashboard-view">
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('statistics.title')}
        </Typography.Title>
        {dashboard ? <Typography.Text type="secondary">{t('statistics.today', { date: dashboard.today })}</Typography.Text> : null}
        <Button size="small" loading={busy} onClick={() => void loadDashboard()} data-testid="dashboard-refresh">
          {t('statistics.refresh')}
        </Button>
      </Space>
      {dashboard ? (
        <>
          <Card size="small" title={t('statistics.waiting')}>
            <Row gutter={16}>
              {(Object.keys(open) as WaitingItem[]).map((item) => (
                <Col key={item} span={4}>
                  <div data-testid={`waiting-${item}`} role="button" tabIndex={0} style={{ cursor: 'pointer' }} onClick={open[item]} onKeyDown={(e) => e.key === 'Enter' && open[item]()}>
                    <Statistic title={t(`statistics.waitingItems.${item}`)} value={dashboard.waiting[item]} valueStyle={dashboard.waiting[item] > 0 ? { color: '#cf1322' } : undefined} />
                  </div>
                </Col>
              ))}
            </Row>
          </Card>
          <Card size="small" title={t('statistics.deadlines')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {dashboard.deadlines.map((deadline) => (
                <DeadlineAlert key={deadline.kind} deadline={deadline} />
              ))}
            </Space>
          </Card>
          <Row gutter={16}>
            <Col span={14}>
              <MonthsChart
                months={dashboard.months}
                onOutput={(month) => openHistory(monthDays(month))}
                onInput={(month) => openInputLedger({ period: month, RZZT: '1' })}
              />
            </Col>
            <Col span={10}>
              <RatesChart rates={dashboard.byRate} onRate={(row) => openRateInvoices(monthDays(`${dashboard.period.year}${String(dashboard.period.index).padStart(2, '0')}`), row)} />
            </Col>
          </Row>
        </>
      ) : null}
      <PeriodPanel />
      <PrintFailures open={failuresOpen} onClose={() => setFailuresOpen(false)} />
    </Space>
  );
}
