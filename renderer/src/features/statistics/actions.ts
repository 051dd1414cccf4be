/**
 * Dashboard and statistics calls to main (the only place this feature touches window.api), and the way
 * every figure opens the list behind it: the target view's own store gets the filter, then the view opens.
 */
import type { TaxPeriod } from '../../../../shared/ipc/schemas/statistics.js';
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

/**
 * Keeps the dashboard a projection of the ledger (docs/architecture.md §12): a burst of changes to what it
 * counts — invoices, prints, received, collected and certified invoices, the enterprise switch, a restore —
 * reloads it once, whichever view is on screen; and so does a warning of main's deadline clock.
 */
export function subscribeStatistics(): void {
  if (subscribed) return;
  subscribed = true;
  subscribeChanges(['invoice', 'print', 'receivedInvoice', 'collectedInvoice', 'certification', 'enterprise'], () => void loadDashboard());
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
  if (store().stats === null) await loadPeriod(store().period ?? result.value.period);
}

export async function loadPeriod(period: TaxPeriod): Promise<void> {
  store().patch({ period });
  busy('stats', true);
  const result = await getApi().statistics.period(period);
  busy('stats', false);
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
