/**
 * What the IPC transport itself says went wrong (errors.ipc.*): a call main does not know, a payload the guard
 * refused, main out of reach — words for codes the preload bridge and main's payload guard answer, apart from
 * any feature's, in both languages.
 */
export const ipcErrorsZh = {
  unknownChannel: '未知的调用：{{channel}}',
  notImplemented: '调用 {{channel}} 尚未实现',
  forbiddenSender: '拒绝来自非本程序页面的调用',
  argumentCount: '请求参数个数不正确',
  internal: '程序内部错误，已记录日志',
  mainUnreachable: '无法连接主进程：{{reason}}',
  badResponse: '主进程对 {{channel}} 的回复格式不正确',
  tooDeep: '请求嵌套超过 {{max}} 层',
  notPlainData: '请求只能包含普通对象、数组、字符串、数字和布尔值',
  symbolKey: '请求包含不允许的符号键',
  forbiddenKey: '请求包含不允许的字段名 {{key}}',
  unsupportedValue: '请求包含不支持的值类型 {{type}}',
  tooLarge: '请求过大（上限 {{kb}} KB）',
  invalidPayload: '提交的内容不正确：{{issues}}',
};

export const ipcErrorsEn = {
  unknownChannel: 'Unknown call: {{channel}}',
  notImplemented: 'The call {{channel}} is not implemented',
  forbiddenSender: 'Refused a call that did not come from the app\'s own page',
  argumentCount: 'Wrong number of request arguments',
  internal: 'Internal error, logged',
  mainUnreachable: 'Cannot reach the main process: {{reason}}',
  badResponse: 'The main process answered {{channel}} in an unexpected format',
  tooDeep: 'The request is nested deeper than {{max}} levels',
  notPlainData: 'The request may hold only plain objects, arrays, strings, numbers and booleans',
  symbolKey: 'The request has a symbol key, which is not allowed',
  forbiddenKey: 'The request has the field name {{key}}, which is not allowed',
  unsupportedValue: 'The request has a value of unsupported type {{type}}',
  tooLarge: 'The request is too large (at most {{kb}} KB)',
  invalidPayload: 'Some values are not valid: {{issues}}',
};
