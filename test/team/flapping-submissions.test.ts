/**
 * Issue 34 (deliverable 5): a desk on the team ledger whose connection flaps tells the clerk the truth about
 * each submission. A desk (a whole core) reaches the real PostgreSQL through a TCP proxy that cuts its
 * connections at random points — before a statement reaches the server, right after a COMMIT reached it (the
 * server commits, the desk never reads the answer), while an answer comes back — and a clerk submits
 * invoices, each with a buyer of its own, doing what each answer says: told 未保存, they submit the same
 * invoice again; told 已保存, they go on; told 尚不能确定, they do not submit it again. Afterwards the
 * ledger, read by the test's own connection (no proxy), and the service's own records judge every answer:
 * an invoice answered saved is in the ledger once, under the serial the answer named, and issued once; a
 * serial answered "not saved" is nowhere; no answer is an internal error or the plain "nothing was saved"
 * of a call that cannot know — and the sentence the clerk reads (the renderer's zh-CN text) says the same.
 * Likewise red reversals (directly and through a red-letter form) and a batch's submission.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core.js';
import type { TeamChoice } from '../../main/ledger/team-desk.js';
import { zhCN } from '../../renderer/src/app/locales/zh-CN.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, ISSUED_CONTROL_PATH, seededRandom, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { IpcResult } from '../../shared/ipc/index.js';
import { BUYER_004, GOODS } from '../integration/core/red-support.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, type TeamLedgerDb } from './support/desks.js';
import { startTcpProxy, type ProxyFaults, type TcpProxy } from './support/tcp-proxy.js';

let team: TeamLedgerDb;
let proxy: TcpProxy;
let sandbox: RunningSandbox;
let desk: Core;
const root = tempDir('fapiao-team-flapping-');
const SEED = Number(process.env.FAPIAO_FLAP_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(SEED);
/** The file the next open dialog answers with (batch:import). */
let openNext: string | null = null;

/**
 * Cuts at random: a COMMIT is cut before it reaches the server or just after (its answer lost) more often
 * than other chunks, so that both sides of the commit are met many times in a short run.
 */
const flapping: ProxyFaults = {
  toServer(chunk) {
    const roll = random();
    if (chunk.includes('COMMIT\0')) return roll < 0.3 ? 'cutAfter' : roll < 0.4 ? 'cutBefore' : 'pass';
    return roll < 0.03 ? 'cutBefore' : 'pass';
  },
  toDesk: () => (random() < 0.02 ? 'cutBefore' : 'pass'),
};

beforeAll(async () => {
  team = await createTeamLedgerDb();
  proxy = await startTcpProxy(team.database.address);
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), issueDelayMs: 50, controlApi: true, onError: () => {} });
  const choice: TeamChoice = {
    kind: 'team',
    address: { ...team.database.address, port: proxy.port },
    password: team.database.password,
    desk: 'flapping-desk',
    // A claim whose answer was lost holds its row until the lease lapses: short, so the run does not wait minutes.
    leaseSeconds: 5,
    backoffMs: [50, 100, 200],
  };
  desk = await createCore(
    {
      dataDir: path.join(root, 'desk'),
      appVersion: 'team-test',
      dailyBackups: false,
      outboxBaseDelayMs: 40,
      outboxMaxDelayMs: 400,
      service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      ledger: choice,
    },
    { cipher: createTestCipher(Buffer.alloc(32, 7)), dialog: { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(openNext) } },
  );
});

// A test that failed mid-flap leaves the connection whole for the next one.
afterEach(() => proxy?.setFaults(null));

afterAll(async () => {
  await desk?.close().catch(() => undefined);
  await proxy?.close();
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

type Said = 'saved' | 'notSaved' | 'unknown' | 'other';

/** The keys of what became of a submission, per kind of submission; anything else is 'other'. */
const LOST_KEYS: Record<string, Said> = {
  'issuance.notSaved': 'notSaved',
  'issuance.outcomeUnknown': 'unknown',
  'reversal.formNotSaved': 'notSaved',
  'reversal.formOutcomeUnknown': 'unknown',
  'reversal.notStarted': 'notSaved',
  'batch.interrupted': 'notSaved',
};

/** The answer's serial: of the invoice, of the red invoice or form, or named by the failure. */
function serialOf(result: IpcResult<unknown>): string | null {
  if (!result.ok) return typeof result.error.params.lsh === 'string' ? result.error.params.lsh : null;
  const value = result.value as { lsh?: string; invoice?: { lsh: string }; form?: { lsh: string } };
  return value.lsh ?? value.invoice?.lsh ?? value.form?.lsh ?? null;
}

const said = (result: IpcResult<unknown>): Said => (result.ok ? 'saved' : (LOST_KEYS[result.error.key] ?? 'other'));

/** The sentence the clerk reads, as the renderer's zh-CN locale words it (lib/messages.ts, use-submit-invoice.ts). */
function shown(result: IpcResult<unknown>): string {
  const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], zhCN);
  const fill = (text: unknown, params: Record<string, unknown>) => String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  if (result.ok) {
    const value = result.value as { lsh?: string; answerLost?: true };
    return value.lsh === undefined ? '' : fill(value.answerLost ? zhCN.issuance.submittedAnswerLost : zhCN.issuance.submitted, { lsh: value.lsh });
  }
  const { code, key, params } = result.error;
  if (code === 'INTERNAL') return `${zhCN.errors.INTERNAL} ${zhCN.errors.internalDetail}`;
  return `${String(lookup(`errors.${code}`) ?? code)} ${fill(lookup(`errors.${key}`) ?? lookup(key) ?? key, params)}`;
}

/**
 * Submits as a clerk would: again while told it was not saved — once the header no longer says 未连接团队账本,
 * as a clerk who reads it waits — never after being told it is not known yet.
 */
async function submitAsClerk(channel: string, payload: unknown, answers: Array<IpcResult<unknown>>, tries = 30): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const result = await desk.router.dispatch(channel, payload);
    answers.push(result);
    if (said(result) !== 'notSaved') return;
    await connected();
  }
  const last = answers.at(-1);
  throw new Error(`${channel}: still not saved after ${tries} tries (seed ${SEED}; the last said ${last && !last.ok ? `${last.error.key} ${JSON.stringify(last.error.params)}` : 'saved'})`);
}

/** Every answer is one the clerk can act on, and its sentence says it: never an internal error or a guess. */
function expectTruthfulWords(answers: Array<IpcResult<unknown>>, what: string): void {
  expect(answers.filter((answer) => said(answer) === 'other')).toEqual([]);
  for (const answer of answers) {
    const text = shown(answer);
    expect(text, what).not.toContain('程序内部错误');
    const lsh = serialOf(answer);
    if (said(answer) === 'unknown') expect(text).toContain('尚不能确定');
    if (said(answer) === 'unknown' || (said(answer) === 'notSaved' && lsh !== null)) expect(text).toContain(lsh);
  }
}

async function serviceIssued(): Promise<string[]> {
  const answer = (await (await fetch(`${sandbox.baseUrl}${ISSUED_CONTROL_PATH}`)).json()) as { invoices: Array<{ lsh: string }> };
  return answer.invoices.map((invoice) => invoice.lsh);
}

/** Every serial is issued by the service, each exactly once. */
async function expectIssuedOnce(serials: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const issued = await serviceIssued();
        return serials.filter((lsh) => !issued.includes(lsh));
      },
      { timeout: 120_000 },
    )
    .toEqual([]);
  const issued = (await serviceIssued()).filter((lsh) => serials.includes(lsh));
  expect(issued.length).toBe(serials.length);
  expect(new Set(issued).size).toBe(issued.length);
}

/** What the ledger holds, read by the test's own connection, and what the answers of one submission said. */
function judge(answers: Array<IpcResult<unknown>>, stored: string[], name: string): void {
  const saved = answers.filter((answer) => said(answer) === 'saved').map(serialOf);
  const unknown = answers.filter((answer) => said(answer) === 'unknown').map(serialOf);
  // "Not saved" is true: none of those serials is in the ledger.
  for (const answer of answers.filter((a) => said(a) === 'notSaved')) expect(stored, `${name}: ${serialOf(answer)} was answered not saved`).not.toContain(serialOf(answer));
  if (saved.length > 0) expect(stored, name).toEqual(saved);
  else expect(unknown.length, `${name}: neither saved nor unknown`).toBe(1);
  if (unknown.length > 0) expect(stored.every((lsh) => unknown.includes(lsh)), name).toBe(true);
}

async function connected(): Promise<void> {
  await expect
    .poll(async () => {
      const view = (await desk.router.dispatch('teamLedger:get', {})) as IpcResult<{ connection: { state: string } | null }>;
      return view.ok ? view.value.connection?.state : null;
    })
    .toBe('connected');
}

describe('submissions while the team connection flaps', () => {
  it('answers every invoice with what became of it: saved and issued once, or not saved', { timeout: 300_000 }, async () => {
    await connected();
    const buyers = Array.from({ length: 40 }, (_, i) => `颠簸测试客户${String(i + 1).padStart(3, '0')}`);
    const answers = new Map<string, Array<IpcResult<unknown>>>();
    proxy.setFaults(flapping);
    for (const buyer of buyers) {
      answers.set(buyer, []);
      await submitAsClerk('issuance:submit', { invoiceType: '82', buyerName: buyer, issuer: '张三', lines: GOODS }, answers.get(buyer)!);
    }
    proxy.setFaults(null);
    const all = [...answers.values()].flat();
    const count = (kind: Said) => all.filter((answer) => said(answer) === kind).length;
    const answerLost = all.filter((answer) => answer.ok && (answer.value as { answerLost?: true }).answerLost).length;
    console.log(`flapping (seed ${SEED}): answers=${all.length} saved=${count('saved')} (answer lost ${answerLost}) notSaved=${count('notSaved')} unknown=${count('unknown')} cuts=${JSON.stringify(proxy.cuts)}`);
    expectTruthfulWords(all, 'issuance');
    // The run met what it is about: commits whose answer was lost and found saved, and submissions not saved.
    expect(answerLost).toBeGreaterThan(0);
    expect(count('notSaved')).toBeGreaterThan(0);

    const rows = await team.pool.query<{ ghdwmc: string; lsh: string }>(`SELECT ghdwmc, lsh FROM issued_invoice WHERE ghdwmc LIKE '颠簸测试客户%' ORDER BY id`);
    for (const buyer of buyers) judge(answers.get(buyer)!, rows.rows.filter((row) => row.ghdwmc === buyer).map((row) => row.lsh), buyer);
    await expectIssuedOnce(rows.rows.map((row) => row.lsh));
  });

  it('says it cannot tell yet, naming the serial, when the answer is lost and the ledger stays away; the serial then tells', { timeout: 120_000 }, async () => {
    await connected();
    let isolated = false;
    // The invoice's COMMIT reaches the server, its answer is lost, and at that moment every other connection
    // is cut and no new one is let in: the desk cannot look.
    proxy.setFaults({
      toServer(chunk, link) {
        // The issued-invoice store's INSERT as its compiler spells it (main/ledger/stores/issued-invoices.ts).
        if (chunk.includes('insert into "issued_invoice" (')) link.marks.add('invoice');
        if (isolated || !link.marks.has('invoice') || !chunk.includes('COMMIT\0')) return 'pass';
        isolated = true;
        proxy.isolate(link);
        return 'cutAfter';
      },
    });
    const answer = await desk.router.dispatch('issuance:submit', { invoiceType: '82', buyerName: '断线未明客户', issuer: '张三', lines: GOODS });
    proxy.setFaults(null);
    await proxy.open();
    expect(isolated).toBe(true);
    expect(answer).toMatchObject({ ok: false, error: { code: 'TEAM_LEDGER_UNREACHABLE', key: 'issuance.outcomeUnknown' } });
    const lsh = serialOf(answer)!;
    expect(lsh).toMatch(/^FD/);
    expect(shown(answer)).toContain(`尚不能确定发票是否已保存`);
    expect(shown(answer)).toContain(lsh);
    // Looked up later by that serial, as the message says: the server got the COMMIT, so the invoice is there, once, and is issued once.
    const stored = await team.pool.query<{ lsh: string }>(`SELECT lsh FROM issued_invoice WHERE ghdwmc = '断线未明客户'`);
    judge([answer], stored.rows.map((row) => row.lsh), 'the unknown one');
    expect(stored.rows.map((row) => row.lsh)).toEqual([lsh]);
    await expectIssuedOnce(stored.rows.map((row) => row.lsh));
    await connected();
  });

  it('answers red reversals, direct and through a red-letter form, with what became of them', { timeout: 300_000 }, async () => {
    await connected();
    // Blue invoices to reverse, issued while the connection holds: 007 is reversed directly, 004 through a form.
    const blues: Array<{ id: number; lsh: string; type: string }> = [];
    for (let n = 1; n <= 8; n++) {
      const type = n % 2 === 0 ? '004' : '007';
      const submitted = await desk.router.dispatch('issuance:submit', { invoiceType: type, ...BUYER_004, buyerName: `冲红测试客户${n}`, issuer: '张三', lines: GOODS });
      if (!submitted.ok) throw new Error(submitted.error.key);
      blues.push({ id: (submitted.value as { id: number }).id, lsh: (submitted.value as { lsh: string }).lsh, type });
    }
    await expectIssuedOnce(blues.map((blue) => blue.lsh));
    await expect.poll(async () => (await team.pool.query(`SELECT 1 FROM issued_invoice WHERE lsh = ANY($1) AND status = 'issued'`, [blues.map((b) => b.lsh)])).rowCount).toBe(blues.length);

    const answers = new Map<number, Array<IpcResult<unknown>>>();
    proxy.setFaults(flapping);
    for (const blue of blues) {
      answers.set(blue.id, []);
      const request = blue.type === '004' ? { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'buyer-refused', terminal: 'kpzd-01' } : { blueInvoiceId: blue.id, reason: '2' };
      // A reversal is several statements and connections (its plan, then its write): under these cuts most tries
      // are lost before COMMIT (68 'not saved' for 8 reversals in one run), so 30 tries were too few for
      // one reversal in a few runs — the clerk here tries up to 300 times.
      await submitAsClerk('reversal:start', request, answers.get(blue.id)!, 300);
    }
    proxy.setFaults(null);
    const all = [...answers.values()].flat();
    console.log(`flapping reversals (seed ${SEED}): answers=${all.length} saved=${all.filter((a) => said(a) === 'saved').length} notSaved=${all.filter((a) => said(a) === 'notSaved').length}`);
    expectTruthfulWords(all, 'reversal');

    const reds = await team.pool.query<{ blue: string; lsh: string }>(
      // The red invoices reversed directly, and the forms (whose red invoices the outbox issues later, unasked).
      `SELECT rr.blue_invoice_id::text AS blue, r.lsh FROM red_reversal rr JOIN issued_invoice r ON r.id = rr.red_invoice_id WHERE rr.form_id IS NULL
        UNION ALL SELECT blue_invoice_id::text, lsh FROM red_letter_form`,
    );
    for (const blue of blues) judge(answers.get(blue.id)!, reds.rows.filter((row) => row.blue === String(blue.id)).map((row) => row.lsh), `reversal of ${blue.lsh}`);
    await expectIssuedOnce(reds.rows.filter((row) => row.lsh.startsWith('FR')).map((row) => row.lsh));
  });

  it("sends a batch's invoices once each, stopping with what it sent when the connection breaks", { timeout: 300_000 }, async () => {
    await connected();
    const file = path.join(root, 'batch.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('发票明细');
    sheet.addRow(['发票序号', '发票类型', '购买方名称', '购买方纳税人识别号', '购买方地址', '购买方电话', '购买方开户行', '购买方账号', '备注', '商品名称', '税收分类编码', '数量', '含税单价', '含税金额', '税率', '税额']);
    const buyers = Array.from({ length: 30 }, (_, i) => `批量颠簸客户${String(i + 1).padStart(3, '0')}`);
    for (const buyer of buyers) sheet.addRow(['', '026', buyer, '', '', '', '', '', '', '打印纸', '1060201070000000000', 1, '25.00', '', '13%', '']);
    await workbook.xlsx.writeFile(file);
    openNext = file;
    const imported = await desk.router.dispatch('batch:import', {});
    if (!imported.ok) throw new Error(imported.error.key);
    const batchId = (imported.value as { batch: { id: number; valid: number } }).batch.id;
    expect((imported.value as { batch: { valid: number } }).batch.valid).toBe(buyers.length);

    const answers: Array<IpcResult<unknown>> = [];
    proxy.setFaults(flapping);
    // Each try sends the rows up to the next cut: a clerk may need many to send all of them.
    await submitAsClerk('batch:submit', { batchId }, answers, 300);
    proxy.setFaults(null);
    console.log(`flapping batch (seed ${SEED}): answers=${answers.length} interrupted=${answers.filter((a) => said(a) === 'notSaved').length}`);
    expectTruthfulWords(answers, 'batch');
    expect(said(answers.at(-1)!)).toBe('saved');
    for (const answer of answers.filter((a) => !a.ok)) expect(shown(answer)).toContain('已确认提交');

    // Each row has its invoice, once: one per buyer in the ledger, each row naming it, each issued once.
    const rows = await team.pool.query<{ ghdwmc: string; lsh: string }>(`SELECT ghdwmc, lsh FROM issued_invoice WHERE ghdwmc LIKE '批量颠簸客户%'`);
    expect(rows.rows.map((row) => row.ghdwmc).sort()).toEqual(buyers);
    const linked = await team.pool.query<{ lsh: string | null }>(`SELECT lsh FROM batch_row WHERE batch_id = $1`, [batchId]);
    expect(linked.rows.map((row) => row.lsh).sort()).toEqual(rows.rows.map((row) => row.lsh).sort());
    await expectIssuedOnce(rows.rows.map((row) => row.lsh));
  });
});
