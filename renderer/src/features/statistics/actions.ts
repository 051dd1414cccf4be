/**
 * Dashboard and statistics calls to main (the only place this feature touches window.api), and the way
 * every figure opens the list behind it: the target view's own store gets the filter, then the view opens.
 */
import type { OutputRateRow, TaxPeriod } from '../../../../shared/ipc/schemas/statistics.js';
import type { LedgerFilter } from '../../../../shared/ipc/schemas/collection.js';
import type { IntakeLedgerFilter } from '../../../../shared/ipc/channels/intake.js';
import { i18n } from '../../app/i18n.js';
import { useAppStore } from '../../app/store.js';
import { getApi } from '../../lib/api.js';
import { subscribeChanges } from '../../lib/change-feed.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { loadLedger } from '../collection/actions.js';
import { useHistoryStore, type FilterValues } from '../history/store.js';
import { useIntakeStore } from '../intake/store.js';
import { useStatisticsStore } from './store.js';
import { callOrder } from '../../lib/call-order.js';

const store = () => useStatisticsStore.getState();
const busy = (key: keyof ReturnType<typeof store>['busy'], on: boolean) => store().patch({ busy: { ...store().busy, [key]: on } });
let subscribed = false;

/** What the dashboard counts: a burst of changes to any of these reloads it and the period statistics (once each). */
const COUNTED = ['invoice', 'print', 'receivedInvoice', 'collectedInvoice', 'certification', 'enterprise'] as const;

/**
 * Keeps the dashboard and its period statistics a projection of the ledger (docs/architecture.md §12): a
 * burst of changes to what they count — invoices, prints, received, collected and certified invoices, the
 * enterprise switch, a restore — reloads each once, whichever view is on screen, another desk's changes
 * to a team ledger included; and a warning of main's deadline clock reloads the dashboard.
 */
export function subscribeStatistics(): void {
  if (subscribed) return;
  subscribed = true;
  subscribeChanges(COUNTED, () => {
    void loadDashboard();
    void reloadPeriod();
  });
  // A deadline main's clock found near (the day moved on with nothing written): shown red at once.
  getApi().on('statistics:deadline', () => void loadDashboard());
}

const dashboardCalls = callOrder();

export async function loadDashboard(): Promise<void> {
  const answered = dashboardCalls.begin();
  busy('dashboard', true);
  const result = await getApi().statistics.dashboard({});
  if (!answered(result.ok)) return;
  busy('dashboard', false);
  if (!result.ok) return reportFailure(result.error, 'statistics:dashboard');
  store().patch({ dashboard: result.value, ...(store().period === null ? { period: result.value.period } : {}) });
  if (shownPeriod === null) await loadPeriod(store().period ?? result.value.period);
}

/**
 * The period the statistics panel shows: the one last asked for with 统计 (or the first load), whose answer
 * is on screen or on its way. The picker's period (the store's `period`) may be changed without asking;
 * the change feed reloads what is shown, not what is being picked.
 */
let shownPeriod: TaxPeriod | null = null;
const periodCalls = callOrder();

/** The statistics of `period`, asked for by the clerk (统计) or on the first load: the panel shows this period from now on. */
export async function loadPeriod(period: TaxPeriod): Promise<void> {
  store().patch({ period });
  shownPeriod = period;
  busy('stats', true);
  try {
    await fetchPeriod(period);
  } finally {
    busy('stats', false);
  }
}

/** The period shown, again (the change feed): nothing before the panel first loaded, no busy flag on 统计. */
export async function reloadPeriod(): Promise<void> {
  if (shownPeriod !== null) await fetchPeriod(shownPeriod);
}

/**
 * One read of a period's statistics. Reads overlap (a burst of changes, then 统计 for another period, or
 * a second burst) and need not answer in order (a team ledger reads through a pool): an answer older
 * than the one on screen is dropped (callOrder), so the panel never goes back to a period or a count it left.
 */
async function fetchPeriod(period: TaxPeriod): Promise<void> {
  const answered = periodCalls.begin();
  const result = await getApi().statistics.period(period);
  if (!answered(result.ok)) return;
  if (!result.ok) return reportFailure(result.error, 'statistics:period');
  store().patch({ stats: result.value });
}

export async function exportPeriod(period: TaxPeriod): Promise<void> {
  busy('export', true);
  const result = await getApi().statistics.export(period);
  busy('export', false);
  if (!result.ok) return reportFailure(result.error, 'statistics:export');
  if (result.value.path) reportSuccess(i18n.t('statistics.period.exported', { path: result.value.path }));
}

export async function loadPrintFailures(): Promise<void> {
  const result = await getApi().statistics.printFailures({});
  if (!result.ok) return reportFailure(result.error, 'statistics:printFailures');
  store().patch({ printFailures: result.value });
}

/** Saves a chart (an SVG on the page) as a PNG through main's save dialog. */
export async function saveChartPicture(svg: SVGSVGElement, name: string): Promise<void> {
  busy('picture', true);
  try {
    const base64 = await svgToPngBase64(svg);
    const result = await getApi().statistics.saveImage({ name, base64 });
    if (!result.ok) return reportFailure(result.error, 'statistics:saveImage');
    if (result.value.path) reportSuccess(i18n.t('statistics.pictureSaved', { path: result.value.path }));
  } catch {
    reportFailure({ code: 'VALIDATION_FAILED', key: 'statistics.errors.picture', params: {}, message: 'picture' }, 'statistics:saveImage');
  } finally {
    busy('picture', false);
  }
}

/** Draws the SVG on a white canvas at twice its size and reads it back as PNG. */
async function svgToPngBase64(svg: SVGSVGElement): Promise<string> {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('svg image'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * 2);
  canvas.height = Math.ceil(height * 2);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

/** The history, filtered (output invoices). */
export function openHistory(filter: FilterValues): void {
  useHistoryStore.getState().clearFilter();
  useHistoryStore.getState().setFilter(filter);
  useAppStore.getState().setView('history');
}

/**
 * The history, filtered to exactly the invoices a bar of "this month by rate" counts: the month's issued
 * invoices, voided ones left out (the bar is the net of blue and red; voided ones are counted apart), with
 * at least one line at the bar's rate and levy. Each condition shows in the history's filters and can be
 * cleared there (清除 the voided one to see the month's voided invoices of that rate too).
 */
export function openRateInvoices(days: { dateFrom: string; dateTo: string }, row: Pick<OutputRateRow, 'rate' | 'levy'>): void {
  openHistory({ ...days, status: 'issued', voided: false, lineRate: row.rate, lineLevy: row.levy });
}

/** The input ledger (进项台账), filtered. */
export function openInputLedger(filter: LedgerFilter): void {
  loadLedger({ filter });
  useAppStore.getState().setView('ledger');
}

/** The received ledger (报销台账), filtered. */
export function openReceivedLedger(filter: IntakeLedgerFilter): void {
  useIntakeStore.getState().setTab('ledger');
  useIntakeStore.getState().setFilter(filter);
  useAppStore.getState().setView('intake');
}
