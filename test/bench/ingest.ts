/**
 * ingest: 100,000 collected invoices with 5 lines each, stored through the collection store's writes
 * (storeCollectedPage, one transaction per page of 200 invoices = 1000 detail rows, as the service
 * pages them; insert or update, line replacement, FTS triggers active) vs raw prepared INSERTs of the same rows
 * on the same schema (same tables, same triggers), also one transaction per page. Ratio = ours rate /
 * raw rate. One single 100,000-invoice transaction is NOT the raw limit here: it measured 3.2× slower
 * (FTS5 flushes its growing pending data on every contentless delete), see docs/benchmarks.md.
 */
import path from 'node:path';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import type { CollectedInvoice } from '../../main/features/collection/store.js';
import { isoIssueDate } from '../../main/ledger/stores/collection.js';
import { storeCollectedPage } from '../support/collected-page.js';
import { benchDir, fmt, report, timeMs } from './common.js';

const INVOICES = Number(process.env.BENCH_INGEST_INVOICES ?? 100_000);
const LINES = 5;
const PAGE = 200;

const CITIES = ['杭州', '宁波', '温州', '苏州', '无锡', '南京', '上海', '北京', '深圳', '广州'];
const WORDS = ['星河', '云端', '海川', '恒达', '瑞丰', '金鼎', '华信', '天成', '鸿运', '博远', '中和', '新港'];
const GOODS = ['*运输服务*货物运输', '*黑色金属*热轧钢板', '*纸制品*打印纸', '*信息技术服务*软件维护', '*电子元件*集成电路'];

function makeRecords(count: number): CollectedInvoice[] {
  const records: CollectedInvoice[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${CITIES[i % CITIES.length]}${WORDS[(i >> 3) % WORDS.length]}${WORDS[(i >> 7) % WORDS.length]}贸易有限公司`;
    records.push({
      FPLXDM: '01',
      FPDM: `33002${String(100000 + (i % 900000)).padStart(7, '0')}`,
      FPHM: String(i).padStart(8, '0'),
      KPRQ: `2024${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}`,
      DQSKSSQ: '202501',
      GMFMC: '上海演示科技有限公司',
      GMFSBH: '91310000MA1FL8XQ5D',
      XHFMC: name,
      XHFSBH: `9133${String(i).padStart(14, '0')}`,
      HJJE: '5000.00',
      SE: '650.00',
      JSHJ: '5650.00',
      FPZT: '0',
      RZZT: '0',
      GLZT: '0',
      lines: Array.from({ length: LINES }, (_, l) => ({
        XH: l + 1,
        SPMC: GOODS[(i + l) % GOODS.length] ?? '',
        SPBM: '1060201070000000000',
        SPSL: '10',
        DJ: '100.00',
        JE: '1000.00',
        SL: '13',
        SE: '130.00',
      })),
      recordJson: `{"FPHM":"${String(i).padStart(8, '0')}"}`,
    });
  }
  return records;
}

async function ours(file: string, records: readonly CollectedInvoice[]): Promise<number> {
  const db = openDatabase(file);
  const collectedAt = new Date().toISOString();
  const started = performance.now();
  for (let at = 0; at < records.length; at += PAGE) {
    await storeCollectedPage(db, { environment: 'sandbox', PCH: 'B'.repeat(32), collectedAt, records: records.slice(at, at + PAGE) });
  }
  const ms = performance.now() - started;
  closeDatabase(db);
  return ms;
}

function raw(file: string, records: readonly CollectedInvoice[]): number {
  const db = openDatabase(file);
  const collectedAt = new Date().toISOString();
  const header = db.prepare(
    `INSERT INTO collected_invoice (environment, fplxdm, fpdm, fphm, kprq, issue_date, dqskssq, gmfmc, gmfsbh, xhfmc, xhfsbh, hjje, se, jshj, bz,
       fpzt, rzzt, rzrq, rzsq, rzlx, glzt, yxse, pch, record_json, collected_at)
     VALUES ('sandbox', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL, NULL, NULL, ?, NULL, ?, ?, ?)`,
  );
  const line = db.prepare(`INSERT INTO collected_invoice_line (invoice_id, xh, spmc, spbm, ggxh, dw, spsl, dj, je, sl, se) VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?)`);
  // Since migration 0480 the schema writes an input invoice's search document when its line count is set.
  const lineCount = db.prepare(`UPDATE collected_invoice SET line_count = ? WHERE id = ?`);
  const page = db.transaction((slice: readonly CollectedInvoice[]) => {
    for (const r of slice) {
      const id = header.run(
        r.FPLXDM, r.FPDM, r.FPHM, r.KPRQ, isoIssueDate(r.KPRQ), r.DQSKSSQ, r.GMFMC, r.GMFSBH, r.XHFMC, r.XHFSBH, r.HJJE, r.SE, r.JSHJ,
        r.FPZT, r.RZZT, r.GLZT, 'B'.repeat(32), r.recordJson, collectedAt,
      ).lastInsertRowid;
      for (const l of r.lines ?? []) line.run(id, l.XH, l.SPMC, l.SPBM, l.SPSL, l.DJ, l.JE, l.SL, l.SE);
      lineCount.run(r.lines?.length ?? 0, id);
    }
  });
  const ms = timeMs(() => {
    for (let at = 0; at < records.length; at += PAGE) page(records.slice(at, at + PAGE));
  });
  closeDatabase(db);
  return ms;
}

export async function benchIngest(): Promise<void> {
  const { dir, remove } = benchDir('ingest');
  try {
    const records = makeRecords(INVOICES);
    // Warm-up on a small slice so both paths run with compiled code and a warm page cache.
    await ours(path.join(dir, 'warm-ours.db'), records.slice(0, 2000));
    raw(path.join(dir, 'warm-raw.db'), records.slice(0, 2000));
    const rawMs = raw(path.join(dir, 'raw.db'), records);
    const oursMs = await ours(path.join(dir, 'ours.db'), records);
    const rate = (ms: number) => INVOICES / (ms / 1000);
    report('ingest', `${fmt(rate(oursMs), 0)} invoices/s`, `${fmt(rate(rawMs), 0)} invoices/s`, rate(oursMs) / rate(rawMs), `${INVOICES} invoices × ${LINES} lines; ours ${fmt(oursMs / 1000)} s, raw ${fmt(rawMs / 1000)} s`);
  } finally {
    remove();
  }
}
