import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

/**
 * A compact, dense theme: clerks type long invoices and want many lines on screen. The font stack puts
 * the Chinese UI fonts of Windows, macOS and Linux first so that digits and hanzi align in tables; no
 * web font is loaded (the page works offline and the CSP forbids remote fonts).
 */
export const theme: ThemeConfig = {
  token: {
    borderRadius: 4,
    fontFamily:
      '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", system-ui, sans-serif',
  },
  components: {
    Table: { cellPaddingBlockSM: 4 },
  },
};

/** The same theme without antd's transitions: dialogs, drawers and menus appear at once. */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/**
 * The theme for the system's motion setting, followed live: a clerk who asks Windows or macOS for less
 * motion (动画效果 off) gets no sliding or zooming — and a desk on a slow PC renders less for each click.
 */
export function useTheme(): ThemeConfig {
  const reduced = useSyncExternalStore(subscribe, () => window.matchMedia(REDUCED_MOTION).matches);
  return reduced ? stillTheme : theme;
}
