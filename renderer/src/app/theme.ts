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
