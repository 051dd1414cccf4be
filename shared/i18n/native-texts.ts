/**
 * What main's native dialogs say (message boxes, file and folder pickers, filter names, the window title
 * before the page sets its own), in both languages; main picks the clerk's UI language (main/i18n/). The
 * facts a dialog shows (addresses, file names) are params, never part of a sentence's wording.
 */
import { tableResources, tableText, type TextParams, type UiLanguage } from './ui-language.js';

export const NATIVE_TEXTS = {
  appName: { zh: '发票工作台', en: 'Fapiao Desk' },
  cancel: { zh: '取消', en: 'Cancel' },
  // The "cannot start" box (main/electron/index.ts); detail is the error as the code raised it.
  startupFailedTitle: { zh: '发票工作台无法启动', en: 'Fapiao Desk cannot start' },
  startupFailedMessage: { zh: '启动时发生错误，请联系管理员。\n\n{{detail}}', en: 'An error occurred at start-up. Please contact your administrator.\n\n{{detail}}' },
  databaseTooNew: {
    zh: '数据库由更新版本的发票工作台创建（数据库版本 {{fileVersion}}，本程序支持到 {{codeVersion}}），为保护数据未打开：{{file}}。请升级发票工作台。',
    en: 'The database was created by a newer Fapiao Desk (database version {{fileVersion}}, this program supports up to {{codeVersion}}); it was not opened, to protect the data: {{file}}. Please upgrade Fapiao Desk.',
  },
  // Restoring a backup over a working history (main/ledger/guarded-core.ts).
  restoreTitle: { zh: '从备份恢复', en: 'Restore from a backup' },
  restoreMessage: {
    zh: '用这个备份替换当前的开票记录吗？当前的数据库文件会改名保留，不会删除。',
    en: 'Replace the current invoice history with this backup? The current database file is kept under another name, not deleted.',
  },
  restoreDetail: { zh: '备份：{{name}}（{{createdAt}}）', en: 'Backup: {{name}} ({{createdAt}})' },
  restoreConfirm: { zh: '恢复', en: 'Restore' },
  chooseDataFolder: { zh: '选择发票工作台的数据文件夹', en: 'Choose the data folder of Fapiao Desk' },
  chooseBackupFolder: { zh: '选择备份文件夹', en: 'Choose the backup folder' },
  chooseScanFolder: { zh: '选择扫描文件夹', en: 'Choose the scan folder' },
  // A new service address or AppKey (main/features/settings/service.ts).
  serviceChangeTitle: { zh: '更改开票服务', en: 'Change the invoice service' },
  serviceChangeMessage: {
    zh: '发票工作台将把开票请求（以 AppSecret 签名）发往新的服务地址。确定更改吗？',
    en: 'Fapiao Desk will send invoice requests (signed with the AppSecret) to the new service address. Change it?',
  },
  serviceChangeDetail: { zh: '原地址：{{oldAddress}}\n新地址：{{newAddress}}\nAppKey：{{appKey}}', en: 'Old address: {{oldAddress}}\nNew address: {{newAddress}}\nAppKey: {{appKey}}' },
  serviceChangeSandbox: { zh: '（测试环境，内置沙箱）', en: '(test environment, built-in sandbox)' },
  serviceChangeConfirm: { zh: '确认更改', en: 'Change' },
  // Moving this desk's ledger into the team ledger (main/features/settings/team-move.ts).
  teamMoveTitle: { zh: '迁入团队账本', en: 'Move into the team ledger' },
  teamMoveMessage: {
    zh: '把本机的全部开票记录、台账和资料库复制到团队账本吗？团队账本必须是空的；复制后逐表逐企业核对条数和金额，不一致就全部撤销。本机的账本不会被改动，本机也暂不切换到团队账本。',
    en: "Copy this desk's whole ledger (invoices, ledgers and libraries) into the team ledger? It must be empty; afterwards counts and amounts are compared per table and enterprise, and any difference undoes everything. This desk's own ledger is not changed, and the desk does not switch to the team ledger yet.",
  },
  teamMoveDetail: { zh: '团队账本：{{database}}（{{host}}:{{port}}，用户 {{user}}）', en: 'Team ledger: {{database}} ({{host}}:{{port}}, user {{user}})' },
  teamMoveConfirm: { zh: '迁入', en: 'Move in' },
  // File-dialog filter names.
  filterXlsx: { zh: 'Excel 工作簿', en: 'Excel workbook' },
  filterCsv: { zh: 'CSV（逗号分隔）', en: 'CSV (comma-separated)' },
  filterInvoiceFiles: { zh: '发票文件', en: 'Invoice files' },
  // Deadline notifications (main/features/statistics/deadlines.ts).
  deadlineCertificationTitle: { zh: '勾选认证截止日临近', en: 'Certification deadline approaching' },
  deadlineCertificationBody: {
    zh: '{{enterprise}}：本期勾选截止日 {{date}}，剩余 {{days}} 天，尚有 {{count}} 张进项发票未认证。',
    en: '{{enterprise}}: certification closes on {{date}}, {{days}} day(s) left; {{count}} input invoice(s) not certified.',
  },
  deadlineFilingTitle: { zh: '增值税申报截止日临近', en: 'VAT filing deadline approaching' },
  deadlineFilingBody: { zh: '{{enterprise}}：本月申报截止日 {{date}}，剩余 {{days}} 天。', en: '{{enterprise}}: the VAT return is due on {{date}}, {{days}} day(s) left.' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type NativeTextKey = keyof typeof NATIVE_TEXTS;

export function nativeText(key: NativeTextKey, params: TextParams, language: UiLanguage): string {
  return tableText(NATIVE_TEXTS, key, params, language);
}

export function nativeResources(language: UiLanguage): Record<NativeTextKey, string> {
  return tableResources(NATIVE_TEXTS, language);
}
