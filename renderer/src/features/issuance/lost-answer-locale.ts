/**
 * What the desk tells a clerk about a submission whose connection to the team ledger dropped
 * (docs/team-ledger.md §7): saved after all, not saved, or not known yet — each with its serial, so that an
 * invoice is never typed in twice because a lost answer was read as "nothing saved". Plugged into the
 * locales under `issuance` (the form's success words), `errors.issuance`, `errors.reversal` and `errors.batch`.
 */
export const submissionLostZh = {
  submittedAnswerLost: '已保存，正在开具（流水号 {{lsh}}）。提交时与团队账本的连接中断过，本机已查明这张发票已记入账本：请不要再次提交。',
};

export const submissionLostEn: typeof submissionLostZh = {
  submittedAnswerLost:
    'Saved and being issued (serial {{lsh}}). The connection to the team ledger broke while it was submitted; this desk checked and the invoice is in the ledger: do not submit it again.',
};

export const submissionLostErrorsZh = {
  notSaved: '发票未保存：提交时与团队账本的连接中断了，这张发票（流水号 {{lsh}}）没有记入账本，也不会开具。表单内容还在，可以重新提交。',
  outcomeUnknown:
    '尚不能确定发票是否已保存：提交时与团队账本的连接中断了，本机还没能查明。请先不要重新提交：稍后在开票历史中按流水号 {{lsh}} 查找，找到了就是已保存、会开具；找不到再重新提交。',
};

export const submissionLostErrorsEn: typeof submissionLostErrorsZh = {
  notSaved:
    'The invoice was not saved: the connection to the team ledger broke while it was submitted, so this invoice (serial {{lsh}}) is not in the ledger and will not be issued. The form is kept; you can submit it again.',
  outcomeUnknown:
    'It is not known yet whether the invoice was saved: the connection to the team ledger broke while it was submitted and this desk could not find out yet. Do not submit it again yet: look up serial {{lsh}} in the history in a moment. If it is there, it was saved and will be issued; if not, submit it again.',
};

export const formLostErrorsZh = {
  notStarted: '与团队账本的连接中断，冲红没有进行，什么也没有保存：连上后可以重新冲红。',
  formNotSaved: '红字信息表未保存：申请时与团队账本的连接中断了，这份申请（流水号 {{lsh}}）没有记入账本，也不会发出。可以重新申请。',
  formOutcomeUnknown:
    '尚不能确定红字信息表申请是否已保存：申请时与团队账本的连接中断了，本机还没能查明。请先不要重新申请：稍后在红字信息表中按流水号 {{lsh}} 查找，找到了就是已保存、会发出；找不到再重新申请。',
};

export const formLostErrorsEn: typeof formLostErrorsZh = {
  notStarted: 'The connection to the team ledger broke before the reversal started; nothing was saved. Once connected, you can reverse it again.',
  formNotSaved:
    'The red-letter form was not saved: the connection to the team ledger broke while it was applied for, so this application (serial {{lsh}}) is not in the ledger and will not be sent. You can apply again.',
  formOutcomeUnknown:
    'It is not known yet whether the red-letter form application was saved: the connection to the team ledger broke while it was applied for and this desk could not find out yet. Do not apply again yet: look up serial {{lsh}} among the red-letter forms in a moment. If it is there, it was saved and will be sent; if not, apply again.',
};

export const batchLostErrorsZh = {
  interrupted:
    '与团队账本的连接中断，批量开票已停下：这次已确认提交 {{submitted}} 张。还没有提交的发票都留在批次里；连上后再点“提交有效发票”，只会提交还没有保存的发票，已保存的不会再开。',
};

export const batchLostErrorsEn: typeof batchLostErrorsZh = {
  interrupted:
    'The connection to the team ledger broke and the batch stopped: {{submitted}} invoices were confirmed submitted this time. The invoices not submitted stay in the batch; once connected, "Submit valid invoices" again submits only those not saved yet, and none that is saved is issued again.',
};
