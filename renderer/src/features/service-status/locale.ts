/** Texts of the service reachability banner, plugged into the app's locales under `serviceStatus`. */
export const serviceStatusZh = {
  unreachableTitle: '服务不可达',
  sandboxExited: '测试环境的开票服务进程已停止，正在自动重新启动。已保存的发票和待发送的操作都不会丢失，服务恢复后自动继续。',
  noAnswer: '开票服务没有响应（网络中断或服务停机）。已保存的发票和待发送的操作都不会丢失，服务恢复后自动继续。',
  restarting: '正在重新启动测试环境的开票服务，已保存的发票和待发送的操作都不会丢失。',
  restart: '重新启动服务',
  retry: '重新连接',
  since: '自 {{time}} 起',
};

export const serviceStatusEn: typeof serviceStatusZh = {
  unreachableTitle: 'Service unreachable',
  sandboxExited:
    'The test environment\'s invoice service process stopped and is being restarted. Saved invoices and pending operations are kept and continue once the service is back.',
  noAnswer:
    'The invoice service does not answer (network down or service offline). Saved invoices and pending operations are kept and continue once the service is back.',
  restarting: 'Restarting the test environment\'s invoice service. Saved invoices and pending operations are kept.',
  restart: 'Restart service',
  retry: 'Reconnect',
  since: 'since {{time}}',
};
