/** Texts of the start-up screen (starting, and what failed with what to do), under `startup` in the app's locales. */
export const startupZh = {
  starting: '正在启动发票工作台…',
  startingHint: '正在打开开票记录数据库并启动开票服务，通常只需几秒。',
  failedTitle: '发票工作台未能启动',
  what: {
    sandbox: '内置测试环境的开票服务（沙箱）未能启动。',
    database: '数据文件夹中的开票记录数据库来自更新版本的发票工作台（数据库版本 {{fileVersion}}），本版本不能打开它，也没有改动它。',
    core: '启动时出错，开票记录数据库或某项功能未能打开。',
  },
  todo: {
    sandbox: '请先点“重试”。若仍失败：打开数据文件夹，把其中的 sandbox 文件夹改名（测试环境的数据会重新生成，开票记录不受影响）后再重试；或选择另一个数据文件夹。',
    database: '请安装最新版本的发票工作台后再打开这个数据文件夹；或选择另一个数据文件夹。',
    core: '请先点“重试”。若仍失败，打开数据文件夹检查，或选择另一个数据文件夹，并把下面的技术细节发给管理员。',
  },
  safe: '在启动成功之前不会开票，也不会写入任何数据。',
  dataDir: '数据文件夹：{{dir}}',
  retry: '重试',
  openFolder: '打开数据文件夹',
  chooseFolder: '选择其他数据文件夹…',
  detail: '技术细节（第 {{attempt}} 次启动）：',
};

export const startupEn: typeof startupZh = {
  starting: 'Starting Fapiao Desk…',
  startingHint: 'Opening the invoice history database and starting the invoice service; this usually takes a few seconds.',
  failedTitle: 'Fapiao Desk could not start',
  what: {
    sandbox: 'The built-in test environment\'s invoice service (the sandbox) did not start.',
    database: 'The invoice history database in the data folder comes from a newer version of Fapiao Desk (database version {{fileVersion}}); this version cannot open it and left it unchanged.',
    core: 'Something failed while starting: the invoice history database or a part of the app could not be opened.',
  },
  todo: {
    sandbox: 'Click Retry first. If it fails again: open the data folder, rename the sandbox folder in it (the test environment\'s data is created anew; the invoice history is not affected) and retry, or choose another data folder.',
    database: 'Install the newest version of Fapiao Desk to open this data folder, or choose another data folder.',
    core: 'Click Retry first. If it fails again, open the data folder to check it, or choose another data folder, and send the technical details below to your administrator.',
  },
  safe: 'Nothing is issued and nothing is written until the app has started.',
  dataDir: 'Data folder: {{dir}}',
  retry: 'Retry',
  openFolder: 'Open the data folder',
  chooseFolder: 'Choose another data folder…',
  detail: 'Technical details (start attempt {{attempt}}):',
};
