/**
 * The one place that turns a failed IpcResult into something the clerk sees (docs/architecture.md §11.4).
 *
 * antd's message/notification APIs only pick up the theme and locale when taken from `App.useApp()`,
 * which is a hook; `<MessagesBridge />` (rendered once inside antd's `<App>`) hands them to this module
 * so that stores and event handlers can report without threading hooks around.
 */
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
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

/**
 * Title from the stable error code (translated), description from main's own words. INTERNAL errors
 * carry no useful text for a clerk, so they get a fixed sentence instead.
 */
export function describeFailure(error: IpcError): FailureText {
  const title = i18n.t(`errors.${error.code}`);
  // Disk full, read-only folder, locked or damaged database, unreadable secret: what to do, in the UI's language.
  if (error.code in HELP) return { title, description: i18n.t(`errorHelp.${error.code as keyof typeof HELP}`) };
  const description = error.code === 'INTERNAL' || !error.message ? i18n.t('errors.internalDetail') : error.message;
  return { title, description };
}

/** Shows a failed call. `key` lets repeated failures of the same call replace each other. */
export function reportFailure(error: IpcError, key?: string): void {
  const { title, description } = describeFailure(error);
  if (notificationApi) {
    notificationApi.error({ title, description, key, placement: 'topRight', duration: 8 });
  } else {
    // Before the bridge mounts there is nowhere to show it; the console at least keeps it.
    console.error(`${title}: ${description}`);
  }
}

export function reportSuccess(text: string): void {
  messageApi?.success(text);
}

export function reportWarning(text: string): void {
  messageApi?.warning(text);
}
