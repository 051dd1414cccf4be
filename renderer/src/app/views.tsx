/**
 * The app's views, in tab order. A feature adds its view here (one line) and its label under `nav` in
 * the locales; the tab label carries the `nav-<key>` test id that users (and Playwright) click.
 */
import type { ComponentType } from 'react';
import { BatchView } from '../features/batch/components/batch-view.js';
import { CertificationView } from '../features/certification/components/certification-view.js';
import { DashboardView } from '../features/statistics/components/dashboard-view.js';
import { LedgerView } from '../features/collection/components/ledger-view.js';
import { EnterprisesView } from '../features/enterprises/components/enterprises-view.js';
import { HistoryView } from '../features/history/components/history-view.js';
import { RedLetterFormsView } from '../features/reversal/components/forms-view.js';
import { IntakeView } from '../features/intake/components/intake-view.js';
import { IssuanceView } from '../features/issuance/components/issuance-view.js';
import { LibrariesView } from '../features/libraries/components/libraries-view.js';
import { PrintersView } from '../features/print/components/printers-view.js';
import { SettingsView } from '../features/settings/components/settings-view.js';
import type { Messages } from './locales/zh-CN.js';

export interface ViewEntry {
  key: string;
  labelKey: `nav.${keyof Messages['nav']}`;
  Component: ComponentType;
}

export const VIEWS = [
  { key: 'dashboard', labelKey: 'nav.dashboard', Component: DashboardView },
  { key: 'issue', labelKey: 'nav.issue', Component: IssuanceView },
  { key: 'history', labelKey: 'nav.history', Component: HistoryView },
  { key: 'forms', labelKey: 'nav.forms', Component: RedLetterFormsView },
  { key: 'libraries', labelKey: 'nav.libraries', Component: LibrariesView },
  { key: 'batch', labelKey: 'nav.batch', Component: BatchView },
  { key: 'intake', labelKey: 'nav.intake', Component: IntakeView },
  { key: 'ledger', labelKey: 'nav.ledger', Component: LedgerView },
  { key: 'certification', labelKey: 'nav.certification', Component: CertificationView },
  { key: 'enterprises', labelKey: 'nav.enterprises', Component: EnterprisesView },
  { key: 'printers', labelKey: 'nav.printers', Component: PrintersView },
  { key: 'settings', labelKey: 'nav.settings', Component: SettingsView },
] as const satisfies readonly ViewEntry[];

export type View = (typeof VIEWS)[number]['key'];
