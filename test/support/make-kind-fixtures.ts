/**
 * Writes the synthetic fixtures of test/fixtures/intake/kinds/ (their README says what each is): files of
 * the kinds no public sample exists for, built from the formats' structure — the railway e-ticket as OFD
 * (GB/T 33190 package: page text, a QR image resource, the rai XBRL attachment) and as PDF (text layer,
 * QR image, the XBRL embedded), the airline itinerary PDF, a 数电 PDF whose text layer places characters
 * one by one, an OFD carrying the real XBRL sample as its attachment, and a toll invoice printed to PDF by
 * Chromium from an HTML page (as a clerk saves the toll platform's invoice page).
 *
 *   npx tsx test/support/make-kind-fixtures.ts     (needs /usr/bin/chromium for the toll PDF)
 *
 * The files are committed, so the tests read fixed bytes; run this again only to change them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import JSZip from 'jszip';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { qrPng } from './intake-fixtures.js';
import { AIR, RAILWAY, SPACED, TOLL, airXbrl, railwayQrPayload, railwayXbrl, spacedQrPayload, tollQrPayload } from './kind-files.js';

const OUT = path.resolve('test/fixtures/intake/kinds');
const require = createRequire(import.meta.url);
const FONT = fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
const chineseDate = (compact: string) => `${compact.slice(0, 4)}年${compact.slice(4, 6)}月${compact.slice(6)}日`;

// ---------------------------------------------------------------- OFD

const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
let nextId = 100;
/** A TextObject at (x, y) mm (top-left of its box; baseline at y + size), one TextCode with even advances. */
function ofdText(x: number, y: number, size: number, text: string): string {
  const advance = (char: string) => (/[\u2e80-\uffef]/.test(char) ? size : size * 0.55);
  const chars = [...text];
  const deltaX = chars.slice(0, -1).map((char) => advance(char).toFixed(3)).join(' ');
  const width = chars.reduce((sum, char) => sum + advance(char), 0);
  return `<ofd:TextObject ID="${nextId++}" Boundary="${x} ${y} ${width.toFixed(2)} ${size * 1.4}" Font="1" Size="${size}"><ofd:FillColor Value="0 0 0"/><ofd:TextCode X="0" Y="${size}"${deltaX ? ` DeltaX="${deltaX}"` : ''}>${text}</ofd:TextCode></ofd:TextObject>`;
}
const ofdPage = (body: string, template?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}>${template ? `<ofd:Template TemplateID="${template}" ZOrder="Background"/>` : ''}<ofd:Content><ofd:Layer ID="${nextId++}">${body}</ofd:Layer></ofd:Content></ofd:Page>`;

interface OfdParts {
  templateText: string;
  pageText: string;
  qr?: Uint8Array;
  attachment?: { name: string; xml: string | Uint8Array };
}

async function ofdPackage(parts: OfdParts): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('OFD.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${NS} DocType="OFD" Version="1.1"><ofd:DocBody><ofd:DocInfo><ofd:DocID>synthetic</ofd:DocID><ofd:Creator>fapiao-desk test fixture</ofd:Creator></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`);
  zip.file(
    'Doc_0/Document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>999</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes><ofd:TemplatePage ID="2" BaseLoc="Tpls/Tpl_0/Content.xml"/></ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages>${parts.attachment ? '<ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments>' : ''}</ofd:Document>`,
  );
  zip.file('Doc_0/DocumentRes.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res">${parts.qr ? '<ofd:MultiMedias><ofd:MultiMedia ID="50" Type="Image" Format="PNG"><ofd:MediaFile>qrcode.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias>' : ''}</ofd:Res>`);
  zip.file('Doc_0/Tpls/Tpl_0/Content.xml', ofdPage(parts.templateText));
  const image = parts.qr ? `<ofd:ImageObject ID="${nextId++}" Boundary="6 6 20 20" CTM="20 0 0 20 0 0" ResourceID="50"/>` : '';
  zip.file('Doc_0/Pages/Page_0/Content.xml', ofdPage(image + parts.pageText, '2'));
  if (parts.qr) zip.file('Doc_0/Res/qrcode.png', parts.qr);
  if (parts.attachment) {
    zip.file('Doc_0/Attachs/Attachments.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:Attachments ${NS}><ofd:Attachment ID="1" Name="${parts.attachment.name}" Format="xml" Visible="false"><ofd:FileLoc>${parts.attachment.name}</ofd:FileLoc></ofd:Attachment></ofd:Attachments>`);
    zip.file(`Doc_0/Attachs/${parts.attachment.name}`, parts.attachment.xml);
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The railway e-ticket's face: labels in the template, values on the page (mm, 210 × 140). */
const RAILWAY_TEMPLATE = [ofdText(70, 8, 5, '电子发票（铁路电子客票）'), ofdText(140, 20, 3, '发票号码:'), ofdText(140, 26, 3, '开票日期:'), ofdText(20, 74, 3.5, '票价:')].join('');
const railwayPage = () =>
  [
    ofdText(155, 20, 3, RAILWAY.fphm),
    ofdText(155, 26, 3, chineseDate(RAILWAY.kprq)),
    ofdText(25, 40, 5, '北京南站'), ofdText(90, 40, 5, 'G1'), ofdText(140, 40, 5, '上海虹桥站'),
    ofdText(25, 55, 3.5, '2024年12月01日 08:00开'), ofdText(110, 55, 3.5, '05车08A号'), ofdText(150, 55, 3.5, '二等座'),
    ofdText(32, 74, 3.5, `￥${RAILWAY.jshj}`),
    ofdText(25, 85, 3.5, '1101011990****1234 张三'),
    ofdText(25, 110, 3, `购买方名称:${RAILWAY.gmfmc}`), ofdText(110, 110, 3, `统一社会信用代码:${RAILWAY.gmfsbh}`),
  ].join('');

// ---------------------------------------------------------------- PDF

async function pdfWithFont(width = 595.28, height = 396.85): Promise<{ document: PDFDocument; page: PDFPage; font: PDFFont }> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(FONT, { subset: true });
  return { document, page: document.addPage([width, height]), font };
}

/** Draws each character on its own at a fixed pitch (points), as some issuers' text layers place them. */
function drawSpaced(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number, pitch: number): void {
  [...text].forEach((char, index) => page.drawText(char, { x: x + index * pitch, y, size, font }));
}

async function railwayPdf(): Promise<Uint8Array> {
  const { document, page, font } = await pdfWithFont();
  const text = (value: string, x: number, y: number, size = 10) => page.drawText(value, { x, y, size, font });
  text('电子发票（铁路电子客票）', 200, 360, 15);
  text(`发票号码:${RAILWAY.fphm}`, 390, 335, 9);
  text(`开票日期:${chineseDate(RAILWAY.kprq)}`, 390, 320, 9);
  text('北京南站', 70, 280, 14); text('G1', 260, 280, 14); text('上海虹桥站', 400, 280, 14);
  text('2024年12月01日 08:00开', 70, 250); text('05车08A号', 300, 250); text('二等座', 420, 250);
  text('票价:', 70, 200); text(`￥${RAILWAY.jshj}`, 100, 200);
  text('1101011990****1234 张三', 70, 180);
  text('电子客票号:E123456789012345678', 70, 120, 9);
  text(`购买方名称:${RAILWAY.gmfmc}`, 70, 80, 9); text(`统一社会信用代码:${RAILWAY.gmfsbh}`, 320, 80, 9);
  page.drawImage(await document.embedPng(await qrPng(railwayQrPayload())), { x: 20, y: 310, width: 70, height: 70 });
  await document.attach(new TextEncoder().encode(railwayXbrl()), `rai_issuer_${RAILWAY.fphm}.xml`, { mimeType: 'application/xml', description: 'XBRL' });
  return document.save();
}

async function airPdf(): Promise<Uint8Array> {
  const { document, page, font } = await pdfWithFont();
  const text = (value: string, x: number, y: number, size = 9) => page.drawText(value, { x, y, size, font });
  text('电子发票（航空运输电子客票行程单）', 170, 365, 14);
  text('国内国际标识：国内', 30, 345); text(`发票号码：${AIR.fphm}`, 390, 345);
  text('旅客姓名', 30, 320); text('有效身份证件号码', 150, 320); text('签注', 330, 320);
  text('测试旅客', 30, 305); text('110000********001X', 150, 305); text('不得签转', 330, 305);
  text('自：北京首都T3', 30, 270); text('CA1234', 150, 270); text('2025年07月05日', 250, 270); text('08:15', 350, 270);
  text('至：上海虹桥T2', 30, 255);
  const columns: [string, string][] = [['票价', AIR.fare], ['燃油附加费', AIR.fuel], ['增值税税率', '9%'], ['增值税税额', AIR.fpse], ['民航发展基金', AIR.fund], ['其他税费', '0.00'], ['合计', AIR.jshj]];
  columns.forEach(([label, value], index) => {
    text(label, 30 + index * 78, 200);
    text(value.endsWith('%') ? value : `CNY ${value}`, 30 + index * 78, 185);
  });
  text('电子客票号码：7812345678901', 30, 150); text('验证码：CHECK1', 250, 150);
  text('填开单位：演示航空服务有限公司', 30, 130); text(`填开日期：${chineseDate(AIR.kprq)}`, 330, 130);
  text(`购买方名称：${AIR.gmfmc}`, 30, 100); text(`统一社会信用代码/纳税人识别号：${AIR.gmfsbh}`, 300, 100);
  return document.save();
}

/** A 数电 普通发票 (ride-hailing) whose tax IDs and amounts are drawn one character at a time, 9 pt apart. */
async function spacedPdf(): Promise<Uint8Array> {
  const { document, page, font } = await pdfWithFont();
  const text = (value: string, x: number, y: number, size = 9) => page.drawText(value, { x, y, size, font });
  text('电子发票（普通发票）', 220, 365, 15);
  text('发票号码：', 410, 345); drawSpaced(page, font, SPACED.fphm, 455, 345, 8, 6.2);
  text('开票日期：', 410, 330); text(chineseDate(SPACED.kprq), 455, 330);
  ['购', '买', '方', '信', '息'].forEach((char, index) => text(char, 22, 300 - index * 11));
  ['销', '售', '方', '信', '息'].forEach((char, index) => text(char, 302, 300 - index * 11));
  text('名称：', 40, 295); text(SPACED.gmfmc, 70, 295);
  text('纳税人识别号：', 40, 275); drawSpaced(page, font, SPACED.gmfsbh, 105, 275, 8, 9);
  text('名称：', 320, 295); text(SPACED.xhfmc, 350, 295);
  text('纳税人识别号：', 320, 275); drawSpaced(page, font, SPACED.xhfsbh, 385, 275, 8, 9);
  text('项目名称', 40, 235); text('金额', 380, 235); text('税率/征收率', 450, 235); text('税额', 530, 235);
  text('*运输服务*客运服务费', 40, 220); drawSpaced(page, font, SPACED.fpje, 380, 220, 8, 9); text('3%', 460, 220); drawSpaced(page, font, SPACED.fpse, 530, 220, 8, 9);
  text('合', 60, 160); text('计', 100, 160);
  drawSpaced(page, font, `¥${SPACED.fpje}`, 372, 160, 8, 9); drawSpaced(page, font, `¥${SPACED.fpse}`, 522, 160, 8, 9);
  text('价税合计（大写）', 40, 140); text('贰拾柒圆叁角叁分', 140, 140); text('（小写）', 400, 140); drawSpaced(page, font, `¥${SPACED.jshj}`, 440, 140, 8, 9);
  text('开票人：', 40, 40); text('演示', 80, 40);
  page.drawImage(await document.embedPng(await qrPng(spacedQrPayload())), { x: 20, y: 320, width: 60, height: 60 });
  return document.save();
}

/**
 * The toll invoice page as a toll platform might show it (two passes, the ¥ apart from the totals, letter
 * spacing), printed to PDF by Chromium (Skia's PDF backend) with the browser's own header and footer (date,
 * title, address, page number), as a clerk's print keeps them.
 */
async function tollHtml(): Promise<string> {
  const qr = Buffer.from(await qrPng(tollQrPayload())).toString('base64');
  const font = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
  return `<!doctype html><html><head><meta charset="utf-8"><title>发票详情 - 通行费电子发票服务平台</title><style>
@font-face { font-family: 'Noto'; src: url('file://${font}'); }
body { font-family: 'Noto'; font-size: 12px; margin: 20px; }
table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #a33; padding: 2px 6px; }
.title { font-size: 22px; text-align: center; color: #a33; letter-spacing: 4px; } .right { text-align: right; }
</style></head><body>
<div style="display:flex;justify-content:space-between"><img src="data:image/png;base64,${qr}" width="90" height="90"><div><div>通行费</div></div>
<div class="title">浙江增值税电子普通发票</div>
<div><div>发票代码：${TOLL.fpdm}</div><div>发票号码：${TOLL.fphm}</div><div>开票日期：${chineseDate(TOLL.kprq)}</div><div>校 验 码：${TOLL.jym.replace(/(\d{5})(?=\d)/g, '$1 ')}</div></div></div>
<table><tr><td rowspan="4">购<br>买<br>方</td><td>名\u3000\u3000称：${TOLL.gmfmc}</td><td rowspan="4">密<br>码<br>区</td><td rowspan="4">03*7/&lt;1+2&gt;9</td></tr>
<tr><td>纳税人识别号：${TOLL.gmfsbh}</td></tr><tr><td>地 址、电 话：</td></tr><tr><td>开户行及账号：</td></tr></table>
<table><tr><th>项目名称</th><th>车牌号</th><th>类型</th><th>通行日期起</th><th>通行日期止</th><th>金额</th><th>税率</th><th>税额</th></tr>
${TOLL.lines.map(([amount, tax, day]) => `<tr><td>*经营租赁*通行费</td><td>浙A12345</td><td>货车</td><td>${day}</td><td>${day}</td><td class="right">${amount}</td><td>3%</td><td class="right">${tax}</td></tr>`).join('')}
<tr><td>合\u3000\u3000计</td><td></td><td></td><td></td><td></td><td class="right"><span>¥</span><span style="margin-left:18px">${TOLL.fpje}</span></td><td></td><td class="right"><span>¥</span><span style="margin-left:18px">${TOLL.fpse}</span></td></tr>
<tr><td>价税合计（大写）</td><td colspan="4">ⓧ玖圆捌角壹分</td><td colspan="3">（小写）<span style="letter-spacing:3px">¥ ${TOLL.jshj}</span></td></tr></table>
<table><tr><td rowspan="4">销<br>售<br>方</td><td>名\u3000\u3000称：${TOLL.xhfmc}</td><td rowspan="4">备<br>注</td><td rowspan="4"></td></tr>
<tr><td>纳税人识别号：${TOLL.xhfsbh}</td></tr><tr><td>地 址、电 话：</td></tr><tr><td>开户行及账号：</td></tr></table>
<div>收款人：演示\u3000复核：演示\u3000开票人：演示</div></body></html>`;
}

function printWithChromium(html: string): Uint8Array {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'toll-'));
  try {
    fs.writeFileSync(path.join(folder, 'toll.html'), html);
    const pdf = path.join(folder, 'toll.pdf');
    execFileSync('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--print-to-pdf=${pdf}`, `file://${path.join(folder, 'toll.html')}`], { stdio: 'ignore', timeout: 60_000 });
    return new Uint8Array(fs.readFileSync(pdf));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const write = (name: string, bytes: Uint8Array | string) => fs.writeFileSync(path.join(OUT, name), bytes);
  write('railway-eticket-rai.xml', railwayXbrl());
  write('air-itinerary-atr.xml', airXbrl());
  write('railway-eticket.ofd', await ofdPackage({ templateText: RAILWAY_TEMPLATE, pageText: railwayPage(), qr: await qrPng(railwayQrPayload()), attachment: { name: `rai_issuer_${RAILWAY.fphm}.xml`, xml: railwayXbrl() } }));
  write('railway-eticket-text-only.ofd', await ofdPackage({ templateText: RAILWAY_TEMPLATE, pageText: railwayPage() }));
  const realXbrl = fs.readFileSync(path.resolve('test/fixtures/intake/xml-13-ofdrw-xbrl-attachment.xml'));
  write('xbrl-attachment.ofd', await ofdPackage({ templateText: ofdText(70, 8, 5, '增值税电子普通发票'), pageText: '', attachment: { name: 'inv_ord_issuer_20220901_03300220021199934328.xml', xml: realXbrl } }));
  write('railway-eticket.pdf', await railwayPdf());
  write('air-itinerary.pdf', await airPdf());
  write('shudian-spaced-text.pdf', await spacedPdf());
  write('toll-browser-printed.pdf', printWithChromium(await tollHtml()));
}

await main();
