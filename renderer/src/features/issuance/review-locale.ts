/**
 * Words of the 复核 of drafts (docs/team-ledger.md §6): the drafts list's review column and actions
 * (`draftReview`), the error codes main answers (spread into `errors`) and their sentences (spread into
 * `errors.issuance`). Kept apart from the app's locale files, which have no room left.
 */
export const draftReviewZh = {
  column: '复核状态',
  states: { none: '未送审', pending: '待复核', approved: '已通过', returned: '已退回' },
  requestedBy: '{{name}} 送审',
  reviewedBy: '{{name}} 复核',
  reason: '原因：{{note}}',
  request: '送复核',
  approve: '通过',
  return: '退回',
  returnReason: '退回原因（必填，最多 200 字）',
  returnConfirm: '确认退回',
  cancel: '取消',
  onlyPending: '只看待复核',
  requested: '草稿 #{{id}} 已送复核',
  approved: '草稿 #{{id}} 已通过复核',
  returned: '草稿 #{{id}} 已退回',
  reset: '草稿 #{{id}} 已修改，之前的复核已失效，需要重新送复核',
  awaitingHint: '草稿 #{{id}} 正在等待复核，复核通过后才能开具',
  reasonRequired: '请填写退回原因',
};

export const draftReviewEn: typeof draftReviewZh = {
  column: 'Review',
  states: { none: 'Not sent', pending: 'Awaiting review', approved: 'Approved', returned: 'Returned' },
  requestedBy: 'sent by {{name}}',
  reviewedBy: 'reviewed by {{name}}',
  reason: 'Reason: {{note}}',
  request: 'Send for review',
  approve: 'Approve',
  return: 'Return',
  returnReason: 'Why it is returned (required, up to 200 characters)',
  returnConfirm: 'Return it',
  cancel: 'Cancel',
  onlyPending: 'Awaiting review only',
  requested: 'Draft #{{id}} sent for review',
  approved: 'Draft #{{id}} approved',
  returned: 'Draft #{{id}} returned',
  reset: 'Draft #{{id}} was changed: its earlier review no longer holds; send it for review again',
  awaitingHint: 'Draft #{{id}} is awaiting review; it can be issued once approved',
  reasonRequired: 'Give the reason for returning it',
};

export const draftReviewCodesZh = {
  DRAFT_AWAITING_REVIEW: '草稿待复核',
  DRAFT_REVIEW_CHANGED: '复核状态已变化',
  REVIEW_NOT_AVAILABLE: '没有复核',
};

export const draftReviewCodesEn: typeof draftReviewCodesZh = {
  DRAFT_AWAITING_REVIEW: 'The draft is awaiting review',
  DRAFT_REVIEW_CHANGED: 'The review changed',
  REVIEW_NOT_AVAILABLE: 'No review at this desk',
};

export const draftReviewErrorsZh = {
  draftAwaitingReview: '草稿 #{{id}}（{{buyer}}）正在等待复核，复核通过前不能开具',
  draftReviewChanged: '草稿 #{{id}} 的复核状态已经变化（可能已在别处处理、修改或删除），请看列表中的最新状态',
  reviewNeedsClerks: '本工作台没有设置操作员，没有复核流程（请在 设置 → 操作员 中添加）',
  reviewOwnDraft: '草稿 #{{id}} 是您自己送审的，需由另一位复核或管理员通过',
};

export const draftReviewErrorsEn: typeof draftReviewErrorsZh = {
  draftAwaitingReview: 'Draft #{{id}} ({{buyer}}) is awaiting review and cannot be issued until it is approved',
  draftReviewChanged: 'The review of draft #{{id}} has changed (handled, changed or deleted elsewhere); see its state in the list',
  reviewNeedsClerks: 'This desk has no clerks, so there is no review (add them in Settings → Clerks)',
  reviewOwnDraft: 'You sent draft #{{id}} for review yourself: another reviewer or admin must approve it',
};
