/** Texts of the service reachability banner, plugged into the app's locales under `serviceStatus`. */
export const serviceStatusZh = {
  unreachableTitle: '服务不可达',
  sandboxExited: '测试环境的开票服务进程已停止，正在自动重新启动。已保存的发票和待发送的操作都不会丢失，服务恢复后自动继续。',
  noAnswer: '开票服务没有响应（网络中断或服务停机）。已保存的发票和待发送的操作都不会丢失，服务恢复后自动继续。',
  restarting: '正在重新启动测试环境的开票服务，已保存的发票和待发送的操作都不会丢失。',
  restart: '重新启动服务',
  retry: '重新连接',
  since: '自 {{time}} 起',
  /** What 重新启动服务 / 重新连接 did (ServiceStatus.reconnect.did). */
  did: {
    checked: '已重新检查开票服务。',
    answering: '开票服务正在应答，没有重新启动。',
    started: '开票服务进程已停止，已重新启动。',
    ended: '开票服务没有应答：已结束它的进程并重新启动。',
    killed: '开票服务没有应答，也没有按要求退出：已强制结束它的进程并重新启动。',
    failed: '未能重新启动开票服务，本机会继续自动重试。',
  },
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
  did: {
    checked: 'The invoice service was checked again.',
    answering: 'The invoice service is answering; it was not restarted.',
    started: 'The invoice service process had stopped; it was started again.',
    ended: 'The invoice service did not answer: its process was ended and started again.',
    killed: 'The invoice service did not answer and did not exit when asked: its process was killed and started again.',
    failed: 'The invoice service could not be started again; this desk keeps trying by itself.',
  },
};
