/** Words of every multi-item job's outcome (lib/job-outcome.ts), plugged into the app's locales under `job`. */
export const jobZh = {
  progress: '{{done}}/{{total}}',
  running: '正在处理 {{done}}/{{total}}',
  unit: '张',
  summary: '{{verb}} {{succeeded}} {{unit}}，失败 {{failed}} {{unit}}',
  notReached: '未处理 {{count}} {{unit}}',
  separator: '；',
  failure: '{{name}}：{{reason}}',
  failures: '失败的项目',
  noReason: '原因未知',
};

export const jobEn: typeof jobZh = {
  progress: '{{done}}/{{total}}',
  running: 'Working {{done}}/{{total}}',
  unit: '',
  summary: '{{succeeded}} {{verb}}, {{failed}} failed',
  notReached: '{{count}} not reached',
  separator: '; ',
  failure: '{{name}}: {{reason}}',
  failures: 'Failed',
  noReason: 'reason unknown',
};
