/**
 * The batch template workbook: sheet 发票明细 (the header row, required columns marked, code columns
 * formatted as text so Excel keeps all 19 digits, and example rows) and sheet 填写说明 (how rows become
 * invoices, and every column explained). Written to a temporary name and renamed, like every export.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BATCH_COLUMNS, TEMPLATE_EXAMPLES } from './columns.js';

export const TEMPLATE_SHEET = '发票明细';

const RULES = [
  '一、每一行是一条商品明细。发票序号相同的多行合并为一张发票；发票序号留空的行单独开一张发票。',
  '二、同一张发票的发票类型、购买方、备注、开票人等发票信息只需填写在它的第一行；后面的行可以留空，若填写必须与第一行一致。',
  '三、带 * 的列必须填写。税收分类编码、纳税人识别号、账号等请保持"文本"格式，避免 Excel 把长数字改成科学计数法而丢失数字。',
  '四、金额一律为含税金额（元）；数量与单价最多 6 位小数。只填含税金额时数量按 1 计。',
  '五、导入后每一行都会按开票页面相同的规则检查；有错误的发票会标红并注明行号和列名，不会被发送，改正后重新导入即可。',
  '六、示例行（第 2–5 行）可以直接删除或覆盖；第 1 行的列名请不要修改。',
];

export async function writeTemplate(filePath: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '发票工作台';
  workbook.created = new Date();

  const sheet = workbook.addWorksheet(TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BATCH_COLUMNS.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.field,
    width: c.width,
    style: c.text ? { numFmt: '@' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  BATCH_COLUMNS.forEach((c, index) => {
    const cell = header.getCell(index + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.level === 'invoice' ? 'FFDDEBF7' : 'FFE2EFDA' } };
    cell.note = c.help;
  });
  for (const example of TEMPLATE_EXAMPLES) {
    sheet.addRow(Object.fromEntries(BATCH_COLUMNS.map((c) => [c.field, example[c.field] ?? null])));
  }

  const help = workbook.addWorksheet('填写说明');
  help.getColumn(1).width = 20;
  help.getColumn(2).width = 10;
  help.getColumn(3).width = 12;
  help.getColumn(4).width = 90;
  help.addRow(['批量开票模板填写说明']).font = { bold: true, size: 14 };
  for (const rule of RULES) help.addRow([rule]);
  help.addRow([]);
  help.addRow(['列名', '是否必填', '所属', '说明']).font = { bold: true };
  for (const c of BATCH_COLUMNS) help.addRow([c.header, c.required ? '必填' : '', c.level === 'invoice' ? '发票信息' : '商品明细', c.help]);

  const partial = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${process.pid}.partial`);
  try {
    await workbook.xlsx.writeFile(partial);
    await fs.rename(partial, filePath);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
