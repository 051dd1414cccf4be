/**
 * The NotificationPort (main/ports.ts) on Electron's `Notification`: a desktop notification while the desk
 * is open. The constructor comes in as a parameter, so this module never imports electron's values.
 */
import type { NotificationPort } from '../ports.js';

export interface ElectronNotificationClass {
  isSupported(): boolean;
  new (options: { title: string; body: string }): { show(): void };
}

export function createElectronNotifier(Notification: ElectronNotificationClass): NotificationPort {
  return {
    show({ title, body }) {
      // Some Linux desktops have no notification server: the warning is still on the dashboard.
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
  };
}
