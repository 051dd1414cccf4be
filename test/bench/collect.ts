/**
 * collect: 50,000 received invoices with 5 lines each collected through the app — the core's collection
 * run (signed calls through the typed client, zod parse, record mapping, page + run stored in one
 * transaction, the ledger's change tracking and search index) — vs the raw limit in the same run: signed
 * fetches of the same pages from the same sandbox (sign, fetch, JSON.parse) and raw inserts of header and
 * lines into a bare table, one transaction per page. Interleaved over the same invoices: each round
 * collects them all through a fresh core and fetches them all raw into a fresh file, the order swapped
 * from round to round, so a busy stretch of a shared machine weighs on both; ratio = the median of the
 * rounds' ratios (ours and baseline printed as medians).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { createCore } from '../../main/core.js';
import { createHmacSigner } from '../../main/api/signer.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, RECEIVED_BULK_CONTROL_PATH, startSandbox } from '../../sandbox/index.js';
import { ENDPOINTS } from '../../shared/spec/endpoints.js';
import { createTestCipher } from '../support/test-cipher.js';
import { benchDir, fmt, percentile, report } from './common.js';

const INVOICES = Number(process.env.BENCH_COLLECT_INVOICES ?? 50_000);
const LINES = 5;
const ROUNDS = Number(process.env.BENCH_COLLECT_ROUNDS ?? 3);

function chinaNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
}

/** The received invoices, made by the sandbox through its test-only control API, in chunks. */
async function seed(baseUrl: string): Promise<void> {
  const chunk = 5_000;
  for (let first = 0; first < INVOICES; first += chunk) {
    const count = Math.min(chunk, INVOICES - first);
    const response = await fetch(`${baseUrl}${RECEIVED_BULK_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ buyer: DEMO_ENTERPRISE.taxNumber, buyerName: DEMO_ENTERPRISE.name, count, lines: LINES, first }),
    });
    const answer = (await response.json()) as { added?: number; error?: string };
    if (response.status !== 200 || answer.added !== count) throw new Error(`seeding refused: ${response.status} ${JSON.stringify(answer)}`);
  }
}

/** Raw: sign, fetch, JSON.parse each page; insert header and lines with two prepared statements. */
async function raw(baseUrl: string, file: string, round: number): Promise<{ ms: number; rows: number }> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE inv (id INTEGER PRIMARY KEY, FPDM TEXT, FPHM TEXT, KPRQ TEXT, XHFMC TEXT, XHFSBH TEXT, HJJE TEXT, SE TEXT, FPZT TEXT, RZZT TEXT, GLZT TEXT, record_json TEXT);
           CREATE TABLE line (invoice_id INTEGER, XH TEXT, SPMC TEXT, JE TEXT, SL TEXT, SE TEXT);`);
  const header = db.prepare(`INSERT INTO inv (FPDM, FPHM, KPRQ, XHFMC, XHFSBH, HJJE, SE, FPZT, RZZT, GLZT, record_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const line = db.prepare(`INSERT INTO line (invoice_id, XH, SPMC, JE, SL, SE) VALUES (?, ?, ?, ?, ?, ?)`);
  type Rec = Record<string, string> & { MXXX: Array<Record<string, string>> };
  const store = db.transaction((records: Rec[]) => {
    for (const r of records) {
      const id = header.run(r.FPDM, r.FPHM, r.KPRQ, r.XHFMC, r.XHFSBH, r.HJJE, r.SE, r.FPZT, r.RZZT, r.GLZT, JSON.stringify(r)).lastInsertRowid;
      for (const l of r.MXXX) line.run(id, l.XH, l.SPMC, l.JE, l.SL, l.SE);
    }
  });
  const signer = createHmacSigner(DEMO_CREDENTIALS);
  const pch = `RAW${round}`.padEnd(32, '0');
  // One logical request: the same dates on every page of the PCH.
  const until = chinaNow();
  const started = performance.now();
  let kshs = 1;
  let rows = 0;
  for (;;) {
    const body = JSON.stringify({ GMFSBH: DEMO_ENTERPRISE.taxNumber, PCH: pch, CJKSRQ: '20170101000000', CJJSRQ: until, KSHS: kshs, ZTBZ: '1', FPLXDM: '01' });
    const headers = signer.sign({ method: 'POST', pathAndQuery: ENDPOINTS.collectInvoices.path, body });
    const response = await fetch(`${baseUrl}${ENDPOINTS.collectInvoices.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const page = JSON.parse(await response.text()) as { ZTDM: string; ZHS: number; BCQQFHHS: number; FPZHXX: Rec[] };
    if (page.ZTDM !== '0000') throw new Error(`raw page refused: ${page.ZTDM}`);
    store(page.FPZHXX);
    rows += page.BCQQFHHS;
    kshs += page.BCQQFHHS;
    if (page.BCQQFHHS === 0 || kshs > page.ZHS) break;
  }
  const ms = performance.now() - started;
  db.close();
  return { ms, rows };
}

/** Ours: a fresh core collects every invoice (collection:start → the run's done event). */
async function ours(baseUrl: string, dataDir: string): Promise<number> {
  const core = await createCore(
    {
      dataDir,
      appVersion: 'bench',
      service: { kind: 'remote', baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
    },
    { cipher: createTestCipher() },
  );
  const done = new Promise<{ rows: number; total: number | null; status: string }>((resolve) =>
    core.onEvent((event, payload) => {
      if (event === 'collection:progress' && (payload.status === 'done' || payload.status === 'failed')) resolve(payload);
    }),
  );
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const started = performance.now();
  const result = await core.router.dispatch('collection:start', { kinds: ['01'], from: '2017-01-01', to: today });
  if (!result.ok) throw new Error(`collection:start refused: ${result.error.message}`);
  const run = await done;
  const ms = performance.now() - started;
  await core.close();
  if (run.status !== 'done' || run.rows !== INVOICES) throw new Error(`collection ended ${run.status} with ${run.rows} of ${INVOICES} rows`);
  return ms;
}

export async function benchCollect(): Promise<void> {
  const { dir, remove } = benchDir('collect');
  const sandboxDir = path.join(dir, 'sandbox');
  const sandbox = await startSandbox({ dataDir: sandboxDir, issueDelayMs: 0, controlApi: true, onError: () => {} });
  try {
    await seed(sandbox.baseUrl);
    const oursMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measureRaw = async () => {
        const baseline = await raw(sandbox.baseUrl, path.join(dir, `raw-${round}.db`), round);
        if (baseline.rows !== INVOICES) throw new Error(`raw fetched ${baseline.rows} of ${INVOICES} rows`);
        return baseline.ms;
      };
      const measureOurs = () => ours(sandbox.baseUrl, path.join(dir, `app-${round}`));
      let o: number;
      let r: number;
      if (round % 2 === 0) {
        o = await measureOurs();
        r = await measureRaw();
      } else {
        r = await measureRaw();
        o = await measureOurs();
      }
      oursMs.push(o);
      rawMs.push(r);
      ratios.push(o / r);
    }
    const o = percentile(oursMs, 50);
    const b = percentile(rawMs, 50);
    const perSecond = (ms: number) => `${fmt(INVOICES / (ms / 1000), 0)} invoices/s`;
    report(
      'collect',
      `${fmt(o / 1000, 1)} s (${perSecond(o)})`,
      `${fmt(b / 1000, 1)} s (${perSecond(b)})`,
      percentile(ratios, 50),
      `${INVOICES} invoices x ${LINES} lines, pages of 1000 detail rows; ${ROUNDS} interleaved rounds, medians; round ratios ${ratios.map((x) => fmt(x)).join(' ')}`,
    );
  } finally {
    await sandbox.close();
    remove();
  }
}
