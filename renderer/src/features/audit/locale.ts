/**
 * Texts of settings → 操作日志 (docs/team-ledger.md §6): the columns and filters, and every audit action code
 * main records (shared/ipc/schemas/audit.ts) worded — `Record<AuditAction, string>`, so a new code without
 * its words does not compile. The refusals `audit.*` sit under `errors`.
 */
import type { AuditAction } from '../../../../shared/ipc/schemas/audit.js';

const actionsZh: Record<AuditAction, string> = {
  'clerk.signedIn': '登录',
  'clerk.signInRefused': '登录被拒',
  'clerk.signedOut': '退出登录',
  'clerk.created': '添加操作员',
  'clerk.roleChanged': '修改角色',
  'clerk.deactivated': '停用操作员',
  'clerk.reactivated': '启用操作员',
  'clerk.pinReset': '重设 PIN',
  'enterprise.added': '添加企业',
  'enterprise.changed': '修改企业',
  'invoice.submitted': '提交开票',
  'invoice.printed': '打印发票',
  'reversal.applied': '申请红字确认单',
  'reversal.confirmed': '红字确认单已确认',
  'reversal.cancelled': '红字确认单已撤销',
  'reversal.redIssued': '开具红字发票',
  'service.changed': '修改开票服务',
  'service.sandboxChosen': '改用沙箱服务',
  'taxCodes.imported': '导入税收分类编码',
  'teamLedger.saved': '保存团队账本设置',
  'teamLedger.switched': '切换账本',
  'teamLedger.movedIn': '迁入团队账本',
};

const actionsEn: Record<AuditAction, string> = {
  'clerk.signedIn': 'Signed in',
  'clerk.signInRefused': 'Sign-in refused',
  'clerk.signedOut': 'Signed out',
  'clerk.created': 'Clerk added',
  'clerk.roleChanged': 'Role changed',
  'clerk.deactivated': 'Clerk deactivated',
  'clerk.reactivated': 'Clerk reactivated',
  'clerk.pinReset': 'PIN reset',
  'enterprise.added': 'Enterprise added',
  'enterprise.changed': 'Enterprise changed',
  'invoice.submitted': 'Invoice submitted',
  'invoice.printed': 'Invoice printed',
  'reversal.applied': 'Red-letter form applied for',
  'reversal.confirmed': 'Red-letter form confirmed',
  'reversal.cancelled': 'Red-letter form cancelled',
  'reversal.redIssued': 'Red invoice issued',
  'service.changed': 'Invoice service changed',
  'service.sandboxChosen': 'Sandbox service chosen',
  'taxCodes.imported': 'Tax-code table imported',
  'teamLedger.saved': 'Team ledger settings saved',
  'teamLedger.switched': 'Ledger switched',
  'teamLedger.movedIn': 'Moved into the team ledger',
};

export const auditZh = {
  title: '操作日志',
  intro: '谁在哪台电脑上做了什么：登录、操作员与企业的变更、开票、打印和设置。日志只能追加，不能修改。',
  columns: { at: '时间', actor: '操作员', desk: '本机/桌面', action: '操作', record: '对象', enterprise: '企业', detail: '详情' },
  deskActor: '本机',
  allClerks: '全部操作员',
  allActions: '全部操作',
  total: '共 {{count}} 条',
  more: '加载更多',
  refresh: '刷新',
  actions: actionsZh,
};

export const auditEn: typeof auditZh = {
  title: 'Audit log',
  intro: 'Who did what at which computer: sign-ins, changes to clerks and enterprises, issuing, printing and settings. The log is append-only.',
  columns: { at: 'Time', actor: 'Clerk', desk: 'Desk', action: 'Action', record: 'Record', enterprise: 'Enterprise', detail: 'Details' },
  deskActor: 'This desk',
  allClerks: 'All clerks',
  allActions: 'All actions',
  total: '{{count}} in all',
  more: 'Load more',
  refresh: 'Refresh',
  actions: actionsEn,
};

export const auditErrorsZh = { audit: { badCursor: '分页位置无效，请刷新', badFilter: '筛选条件无效：{{field}}' } };
export const auditErrorsEn: typeof auditErrorsZh = { audit: { badCursor: 'The page position is not valid; refresh', badFilter: 'The filter is not valid: {{field}}' } };
