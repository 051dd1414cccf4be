/**
 * Texts of the tax-code lookup, plugged into the app's locales under `taxCodes`. The Chinese object types
 * the English one.
 */
export const taxCodesZh = {
  placeholder: '输入商品名称、关键字或编码查找',
  noMatch: '没有找到匹配的税收分类编码',
  rateChoice: '可选税率：{{rates}}',
  tableTitle: '税收分类编码表',
  tableVersion: '版本 {{version}}（{{origin}}），可用编码 {{usable}} 个',
  origin: { shipped: '随应用提供', imported: '已导入' },
  importedAt: '导入于 {{at}}',
  importVersion: '新版本号',
  importButton: '导入新版编码表（CSV）',
  importHint: 'CSV 列为 code,name,short_name,rate,description,keywords,parent_code',
  imported: '已导入税收分类编码表 {{version}}，共 {{rows}} 个编码',
};

export type TaxCodesMessages = typeof taxCodesZh;

export const taxCodesEn: TaxCodesMessages = {
  placeholder: 'Type a product name, keyword or code',
  noMatch: 'No matching tax classification code',
  rateChoice: 'Possible rates: {{rates}}',
  tableTitle: 'Tax classification code table',
  tableVersion: 'Version {{version}} ({{origin}}), {{usable}} usable codes',
  origin: { shipped: 'shipped with the app', imported: 'imported' },
  importedAt: 'imported {{at}}',
  importVersion: 'New version',
  importButton: 'Import a newer table (CSV)',
  importHint: 'CSV columns: code,name,short_name,rate,description,keywords,parent_code',
  imported: 'Imported tax code table {{version}} with {{rows}} codes',
};

/** Refusals main sends for the table (keys `taxCodes.*`), plugged into the locales under `errors.taxCodes`. */
export const taxCodesErrorsZh = {
  header: '编码表的表头不对，应为 code,name,short_name,rate,description,keywords,parent_code',
  columns: '第 {{line}} 行的列数不对（{{value}} 列）',
  code: '第 {{line}} 行的编码不是 19 位数字：{{value}}',
  duplicate: '第 {{line}} 行的编码重复：{{value}}',
  rate: '第 {{line}} 行的税率无法识别：{{value}}',
  name: '第 {{line}} 行缺少名称（编码 {{value}}）',
  quote: '第 {{line}} 行的引号不成对，文件可能已损坏',
  empty: '编码表里没有任何编码',
  tooLarge: '文件太大（{{mb}} MB），不是税收分类编码表',
  noDialog: '当前运行方式不支持选择文件',
  shippedMissing: '随应用提供的编码表缺失，请重新安装发票工作台',
};

export const taxCodesErrorsEn: typeof taxCodesErrorsZh = {
  header: 'The table header is wrong; expected code,name,short_name,rate,description,keywords,parent_code',
  columns: 'Line {{line}} has the wrong number of columns ({{value}})',
  code: 'Line {{line}}: the code is not 19 digits: {{value}}',
  duplicate: 'Line {{line}}: duplicate code {{value}}',
  rate: 'Line {{line}}: unknown rate {{value}}',
  name: 'Line {{line}}: no name (code {{value}})',
  quote: 'Line {{line}}: unbalanced quotes; the file may be damaged',
  empty: 'The table has no codes',
  tooLarge: 'The file is too large ({{mb}} MB) to be a tax code table',
  noDialog: 'Choosing a file is not available here',
  shippedMissing: 'The tax code table shipped with the app is missing; reinstall Fapiao Desk',
};
