/** Print data (fpdy's Print result) for layout and renderer tests: a 004 with n lines, amounts consistent. */
import Decimal from 'decimal.js';
import type { PrintResult } from '../../shared/spec/print.js';

export function samplePrintData(lineCount: number, overrides: Partial<PrintResult> = {}): PrintResult {
  const details = Array.from({ length: lineCount }, (_, i) => {
    const qty = new Decimal(i + 1);
    const price = new Decimal('100.50').plus(i * 10);
    const je = qty.mul(price);
    return {
      fphxz: '0',
      spmc: `*办公用品*文件柜${i + 1}号`,
      ggxh: `FG-${i + 1}`,
      dw: '台',
      spsl: qty.toFixed(),
      dj: price.toFixed(2),
      je: je.toFixed(2),
      sl: '0.13',
      se: je.mul('0.13').toDecimalPlaces(2).toFixed(2),
      lslbs: '',
    };
  });
  const hjje = details.reduce((sum, line) => sum.plus(line.je), new Decimal(0));
  const hjse = details.reduce((sum, line) => sum.plus(line.se), new Decimal(0));
  return {
    fpdm: '3200262130',
    fphm: '00012345',
    kprq: '20261124093015',
    jqbh: '0817',
    xhdwsbh: '91320000MA1XYZ1234',
    xhdwmc: '江苏发票工作台示范有限公司',
    xhdwdzdh: '南京市玄武区中山路1号 025-88886666',
    xhdwyhzh: '中国工商银行南京分行 4301012345678901234',
    ghdwsbh: '91110105MA01ABCD5X',
    ghdwmc: '北京客户贸易有限公司',
    ghdwdzdh: '北京市朝阳区建国路88号 010-66668888',
    ghdwyhzh: '招商银行北京分行 110912345610101',
    zsfs: '0',
    tspz: '00',
    hjje: hjje.toFixed(2),
    hjse: hjse.toFixed(2),
    jshj: hjje.plus(hjse).toFixed(2),
    bz: '合同号 HT-2026-118',
    skr: '李四',
    fhr: '王五',
    kpr: '张三',
    qdbz: lineCount > 8 ? '1' : '0',
    skm: '03*4+<>/12345678<>9+*-0372-4/+*3<>48*5679-/81+<2>039*7/-+1<>62485*73/-96+8<4>2-*0317/5+<>-8*26943>/+<1-0*9573*-2+<',
    jym: '12345678901234567890',
    ewm: '01,04,3200262130,00012345,226.00,20261124,12345678901234567890,ABCD,',
    fpzt: '00',
    details,
    ...overrides,
  };
}
