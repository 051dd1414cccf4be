/**
 * Texts of clerks (docs/team-ledger.md §6): the sign-in screen, the header's clerk menu, settings → 操作员, and
 * the refusals main names by key (`auth.*`, `clerks.*`, under `errors`) with the code titles FORBIDDEN and
 * SIGNED_OUT. A refusal's `right` and `role` params arrive as codes and are worded here (lib/messages.ts).
 */
export const clerksZh = {
  signInTitle: '操作员登录',
  signInHint: '输入姓名和 PIN，按 Enter 登录',
  name: '姓名',
  pin: 'PIN',
  signIn: '登录',
  signOut: '退出登录',
  switchClerk: '切换操作员',
  signedInAs: '{{name}}（{{role}}）',
  roles: { issuer: '开票员', reviewer: '复核', admin: '管理员' },
  rights: { open: '无需登录', read: '查看', issue: '开票', review: '复核（红冲）', admin: '管理' },
  card: {
    title: '操作员',
    noClerks: '还没有操作员：本机无需登录，所有功能都可用。添加第一位操作员（必须是管理员）后，每次启动都需要登录。',
    intro: '开票员：开票、打印、收票；复核：另可红冲；管理员：另可管理企业、操作员和团队账本设置。',
    add: '添加操作员',
    role: '角色',
    state: '状态',
    active: '在用',
    inactive: '已停用',
    deactivate: '停用',
    reactivate: '启用',
    resetPin: '重设 PIN',
    newPin: '新 PIN',
    currentPin: '当前 PIN',
    changeOwnPin: '修改我的 PIN',
    createdBy: '添加人',
    added: '已添加操作员「{{name}}」',
    saved: '已保存',
    pinChanged: 'PIN 已修改',
  },
};

export const clerksEn: typeof clerksZh = {
  signInTitle: 'Clerk sign-in',
  signInHint: 'Type your name and PIN, then press Enter',
  name: 'Name',
  pin: 'PIN',
  signIn: 'Sign in',
  signOut: 'Sign out',
  switchClerk: 'Switch clerk',
  signedInAs: '{{name}} ({{role}})',
  roles: { issuer: 'Issuer', reviewer: 'Reviewer', admin: 'Administrator' },
  rights: { open: 'no sign-in', read: 'view', issue: 'issue', review: 'review (red reversal)', admin: 'administer' },
  card: {
    title: 'Clerks',
    noClerks: 'No clerks yet: this desk needs no sign-in and every function is available. Once the first clerk (an administrator) is added, the desk asks for a sign-in at every start.',
    intro: 'Issuer: issues, prints, takes in received invoices; reviewer: also reverses; administrator: also manages enterprises, clerks and the team ledger settings.',
    add: 'Add clerk',
    role: 'Role',
    state: 'State',
    active: 'Active',
    inactive: 'Deactivated',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    resetPin: 'Reset PIN',
    newPin: 'New PIN',
    currentPin: 'Current PIN',
    changeOwnPin: 'Change my PIN',
    createdBy: 'Added by',
    added: 'Clerk "{{name}}" added',
    saved: 'Saved',
    pinChanged: 'PIN changed',
  },
};

export const clerksErrorsZh = {
  FORBIDDEN: '无权操作',
  SIGNED_OUT: '请先登录',
  auth: {
    forbidden: '当前操作员的角色（{{role}}）没有「{{right}}」权限，不能执行此操作',
    signedOut: '本机已设置操作员，请先登录再操作',
  },
  clerks: {
    signInRefused: '姓名或 PIN 不正确',
    inactive: '操作员「{{name}}」已停用，请联系管理员',
    firstMustBeAdmin: '第一位操作员必须是管理员',
    nameTaken: '已有名为「{{name}}」的操作员',
    lastAdmin: '「{{name}}」是最后一位在用的管理员，不能停用或改为其他角色',
    deactivateSelf: '不能停用自己',
    notFound: '没有找到这位操作员',
    noSession: '请先登录操作员',
    wrongPin: '当前 PIN 不正确',
    locked: '「{{name}}」连续输错 PIN 次数过多，已锁定，请管理员解锁',
    tooSoon: '请 {{seconds}} 秒后再试',
  },
};

export const clerksErrorsEn: typeof clerksErrorsZh = {
  FORBIDDEN: 'Not permitted',
  SIGNED_OUT: 'Please sign in',
  auth: {
    forbidden: 'The signed-in clerk\'s role ({{role}}) lacks the right "{{right}}" this needs',
    signedOut: 'This desk has clerks: sign in first',
  },
  clerks: {
    signInRefused: 'Wrong name or PIN',
    inactive: 'Clerk "{{name}}" is deactivated; ask an administrator',
    firstMustBeAdmin: 'The first clerk must be an administrator',
    nameTaken: 'A clerk named "{{name}}" already exists',
    lastAdmin: '"{{name}}" is the last active administrator and cannot be deactivated or given another role',
    deactivateSelf: 'You cannot deactivate yourself',
    notFound: 'This clerk was not found',
    noSession: 'Sign in as a clerk first',
    wrongPin: 'The current PIN is wrong',
    locked: '"{{name}}" is locked after too many wrong PINs; an administrator unlocks it',
    tooSoon: 'Try again in {{seconds}} s',
  },
};
