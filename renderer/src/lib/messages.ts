/**
 * The one place that turns a failed IpcResult into something the clerk sees: main sends a stable code,
 * a message key and its params (shared/ipc/result.ts explains the convention); here the code becomes the
 * title and the key, looked up as `errors.<key>` in the current language (zh-CN or en), the sentence.
 * Feature locale files contribute their sentences as `errors.<feature>`.
 *
 * antd's message/notification APIs only pick up the theme and locale when taken from `App.useApp()`,
 * which is a hook; `<MessagesBridge />` (rendered once inside antd's `<App>`) hands them to this module
 * so that stores and event handlers can report without threading hooks around.
 */
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import type { IpcError } from '../../../shared/ipc/result.js';
import { i18n } from '../app/i18n.js';
import { zhCN } from '../app/locales/zh-CN.js';

/** Codes with a "what to do" text of their own. */
const HELP = zhCN.errorHelp;

let messageApi: MessageInstance | undefined;
let notificationApi: NotificationInstance | undefined;

export function MessagesBridge(): null {
  const { message, notification } = App.useApp();
  messageApi = message;
  notificationApi = notification;
  return null;
}

export interface FailureText {
  title: string;
  description: string;
}

/** i18next's typed `t` only takes literal keys; error keys arrive at run time, so they go through this. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/** The sentence of an error in the current language; the code's title when the key is unknown here. */
export function errorText(error: IpcError): string {
  if (error.code === 'INTERNAL') return i18n.t('errors.internalDetail');
  const key = `errors.${error.key}`;
  const params = wordedParams(error.params);
  if (i18n.exists(key)) return (i18n.t as unknown as DynamicT)(key, params);
  // A feature's own section (e.g. 'certification.errors.noBatch' in its locale file) is looked up as is.
  if (i18n.exists(error.key)) return (i18n.t as unknown as DynamicT)(error.key, params);
  // A key this build does not know (a newer main, a typo) still shows something true, and says so in the log.
  console.warn(`[messages] no text for error key ${error.key} (${error.message})`);
  return i18n.t('errors.unknownKey');
}

/** A refusal names the missing right and the clerk's role by code (auth.forbidden): worded from the clerks locale. */
function wordedParams(params: IpcError['params']): Record<string, unknown> {
  const worded: Record<string, unknown> = { ...params };
  for (const [param, section] of [['right', 'clerks.rights'], ['role', 'clerks.roles'], ['feature', 'ledger.team.features']] as const) {
    const code = params[param];
    if (typeof code === 'string' && i18n.exists(`${section}.${code}`)) worded[param] = (i18n.t as unknown as DynamicT)(`${section}.${code}`);
  }
  return worded;
}

/** Title from the stable error code, description from the message key and params, both translated. */
export function describeFailure(error: IpcError): FailureText {
  const title = i18n.t(`errors.${error.code}`);
  // Disk full, read-only folder, locked or damaged database, unreadable secret: what to do, in the UI's language.
  if (error.code in HELP) return { title, description: i18n.t(`errorHelp.${error.code as keyof typeof HELP}`) };
  return { title, description: errorText(error) };
}

let onSignedOut: (() => void) | undefined;

/** The clerks feature's reaction to a call refused as SIGNED_OUT (it shows the sign-in screen). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * Shows a failed call. `key` lets repeated failures of the same call replace each other; `sticky` keeps the
 * notice until the clerk closes it (one they must act on later, e.g. a serial to look up).
 */
export function reportFailure(error: IpcError, key?: string, options: { sticky?: boolean } = {}): void {
  if (error.code === 'SIGNED_OUT') onSignedOut?.();
  const { title, description } = describeFailure(error);
  if (notificationApi) {
    notificationApi.error({ title, description, key, placement: 'topRight', duration: options.sticky ? 0 : 8 });
  } else {
    // Before the bridge mounts there is nowhere to show it; the console at least keeps it.
    console.error(`${title}: ${description}`);
  }
}

export function reportSuccess(text: string): void {
  messageApi?.success(text);
}

/**
 * A warning; `sticky` shows it as a notice that stays until the clerk closes it — for one they must not miss
 * (an invoice saved although its answer was lost: submitting it again would issue it twice), which a toast
 * gone after 3 s could take away while the clerk looked elsewhere.
 */
export function reportWarning(text: string, options: { sticky?: boolean } = {}): void {
  if (options.sticky && notificationApi) notificationApi.warning({ title: text, placement: 'topRight', duration: 0 });
  else messageApi?.warning(text);
}

/** Notices with actions (the library offer after an issue); nothing happens before the bridge mounts. */
export const notify = {
  open: (config: ArgsProps) => notificationApi?.open(config),
  destroy: (key: string) => notificationApi?.destroy(key),
};

export function reportInfo(text: string): void {
  messageApi?.info(text);
}
