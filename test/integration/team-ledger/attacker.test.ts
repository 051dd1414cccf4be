/**
 * @needs postgresql
 * Issue 34's attacker, at one desk of a team, with only what README gives a desk: the desk's PostgreSQL
 * login (IN ROLE <prefix>_clerk of `create-team`), its password, psql — here plain `pg` — and, at best, the
 * session token of the clerk who signs in there (an 开票员). The team is made by create-team; its clerks
 * (an admin, an 开票员, a 复核) and an issued invoice by the app's own code (the PostgreSQL ledger, as a desk
 * runs it). Every forbidden write of the issue is tried for real and must be refused by PostgreSQL itself,
 * with its SQLSTATE; the audit trail's actor, desk and time must be the server's whatever the INSERT says.
 * The allowed paths (issuing with a session, the outbox worker without one) keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewInvoice } from '../../../main/features/issuance/store.js';
import type { NewRedLetterForm } from '../../../main/features/reversal/store.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import type { Ledger, OutboxClaim } from '../../../main/ledger/port.js';
import { CLERK_ROLES } from '../../../shared/ipc/schemas/clerks.js';
import { RIGHTS, roleHas } from '../../../shared/ipc/rights.js';
import { createTestTeam, outcome, type Login, type Team } from './support/team.js';

const SELLER = '91330100MA2B3C4D5E';
const OTHER = '91440300MA5F6G7H8J';
const PINS = { admin: '246810', issuer: '135790', reviewer: '975310' };

const invoice = (lsh: string, seller = SELLER, jshj = '100.00'): NewInvoice => ({
  lsh,
  environment: 'sandbox',
  fplxdm: '026',
  kplx: '0',
  xhdwsbh: seller,
  xhdwmc: '杭州测试有限公司',
  ghdwmc: '北京星河贸易有限公司',
  ghdwsbh: '91110105MA01ABCD2X',
  jshj,
  hjse: '11.50',
  requestJson: JSON.stringify({ lsh, xhdwsbh: seller, ghdwmc: '北京星河贸易有限公司', jshj, fplxdm: '026' }),
  lines: [{ spmc: '*信息技术服务*软件维护', spbm: '3040201', spsl: '1', dj: '88.50', je: '88.50', sl: '0.13', se: '11.50', lslbs: null, zzstsgl: null, kce: null }],
});

/** What issuance's enqueue writes: the invoice, its lines and its outbox row in one transaction. */
const submit = (ledger: Ledger, row: NewInvoice) =>
  ledger.transaction(async (tx) => {
    const id = await tx.issuedInvoices.insert(row, new Date().toISOString());
    await tx.outbox.enqueue({ kind: 'issuance', serial: row.lsh, requestJson: row.requestJson, enterprise: row.xhdwsbh });
    return id;
  });

/** The outbox worker of a desk, answering one claimed row as the service would: issued, with its number. */
async function answerIssued(worker: Ledger, claim: OutboxClaim, fphm: string): Promise<void> {
  await worker.transaction(async (tx) => {
    if (!(await tx.outbox.finish(claim, 'done', null))) throw new Error(`claim of ${claim.serial} lost`);
    await tx.issuedInvoices.markIssued(claim.serial, { fpdm: null, fphm, kprq: '20261127093000', jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null }, new Date().toISOString());
  });
}

/** desk2's worker claims the row of `serial` (others it claimed go back at once). */
async function claimOf(serial: string): Promise<OutboxClaim> {
  const claims = await workerDesk.outbox.claim(50);
  for (const other of claims.filter((c) => c.serial !== serial)) await workerDesk.outbox.release(other);
  const claim = claims.find((c) => c.serial === serial);
  if (!claim) throw new Error(`no due outbox row ${serial}`);
  return claim;
}

let team: Team;
let desk1: Login;
let desk2: Login;
let adminDesk: Ledger;
let issuerDesk: Ledger;
let workerDesk: Ledger;
let issuerToken: string;
let issuedId: number;
const ids = { admin: 0, issuer: 0, reviewer: 0 };

beforeAll(async () => {
  team = await createTestTeam();
  desk1 = await team.desk('desk1');
  desk2 = await team.desk('desk2');
  adminDesk = createPgLedger(team.pool(desk1), { desk: 'desk-1' });
  issuerDesk = createPgLedger(team.pool(desk1), { desk: 'desk-1' });
  workerDesk = createPgLedger(team.pool(desk2), { desk: 'desk-2' });
  const now = new Date().toISOString();
  // The first clerk of a team is an admin, and may be added while none exists (nobody is signed in yet).
  ids.admin = await adminDesk.clerks.insert({ name: '王管理', role: 'admin', pin: await adminDesk.clerks.preparePin(PINS.admin) }, null, now);
  expect(await adminDesk.clerks.signIn('王管理', PINS.admin)).toMatchObject({ ok: true });
  ids.issuer = await adminDesk.clerks.insert({ name: '李开票', role: 'issuer', pin: await adminDesk.clerks.preparePin(PINS.issuer) }, null, now);
  ids.reviewer = await adminDesk.clerks.insert({ name: '赵复核', role: 'reviewer', pin: await adminDesk.clerks.preparePin(PINS.reviewer) }, null, now);
  expect(await issuerDesk.clerks.signIn('李开票', PINS.issuer)).toMatchObject({ ok: true, clerk: { name: '李开票', role: 'issuer' } });
  // The attacker's best credential: their own session, from signing in with their own PIN in psql.
  issuerToken = await signInAs(desk1, '李开票', PINS.issuer);
  issuedId = await submit(issuerDesk, invoice('FD-ISSUED-1'));
  await answerIssued(workerDesk, await claimOf('FD-ISSUED-1'), '26330000000000000001');
}, 120_000);

afterAll(() => team?.close());

/** Signs a clerk in with plain SQL, as psql would, and answers the session token. */
async function signInAs(who: Login, name: string, pin: string, desk = 'desk-1'): Promise<string> {
  const client = await team.connect(who);
  try {
    const { rows } = await client.query<{ status: string; token: string | null }>('SELECT status, token FROM fapiao_sign_in($1, $2, $3)', [name, pin, desk]);
    if (rows[0]?.status !== 'ok' || !rows[0].token) throw new Error(`${name} could not sign in: ${rows[0]?.status}`);
    return rows[0].token;
  } finally {
    await client.end();
  }
}

/** The attacker's two ways in: the desk's login alone, and the same login carrying the 开票员's session. */
const WAYS = ['without a session', 'with the 开票员 session'] as const;
const open = (way: (typeof WAYS)[number]) => (way === WAYS[0] ? team.connect(desk1) : team.connect(desk1, issuerToken));

describe('the clerks, as the desk login holds them', () => {
  it.each(WAYS)('refuses to promote, copy a PIN hash, delete or read hashes, %s', async (way) => {
    const client = await open(way);
    expect(await outcome(client, `UPDATE clerk SET role = 'admin' WHERE name = '李开票'`)).toBe('42501');
    expect(await outcome(client, `UPDATE clerk SET pin_hash = (SELECT pin_hash FROM clerk WHERE name = '李开票') WHERE name = '王管理'`)).toBe('42501');
    expect(await outcome(client, `DELETE FROM clerk`)).toBe('42501');
    expect(await outcome(client, `INSERT INTO clerk (name, role, pin_hash) VALUES ('黑客', 'admin', '$2a$10$x')`)).toBe('42501');
    expect(await outcome(client, `SELECT pin_hash FROM clerk`)).toBe('42501');
    expect(await outcome(client, `SELECT * FROM clerk`)).toBe('42501');
    expect(await outcome(client, `SELECT * FROM clerk_session`)).toBe('42501');
    expect(await outcome(client, `SELECT * FROM clerk_sign_in_guard`)).toBe('42501');
    expect(await outcome(client, `TRUNCATE clerk CASCADE`)).toBe('42501');
    // The database's own functions ask for an admin's session.
    expect(await outcome(client, `SELECT fapiao_clerk_set_role($1, 'admin')`, [ids.issuer])).toBe('42501');
    expect(await outcome(client, `SELECT fapiao_clerk_set_pin($1, '000000')`, [ids.admin])).toBe('42501');
    expect(await outcome(client, `SELECT fapiao_clerk_set_active($1, false)`, [ids.admin])).toBe('42501');
    expect(await outcome(client, `SELECT fapiao_clerk_add('黑客', 'admin', '000000')`)).toBe('42501');
    expect(await outcome(client, `SELECT fapiao_clerk_set_enterprises($1, '{}')`, [ids.issuer])).toBe('42501');
    expect(await outcome(client, `SELECT fapiao_desk_rights($1)`, [desk1.user])).toBe('42501');
    // Nothing changed: read as the team's admin.
    const clerks = await team.owner<{ name: string; role: string; active: boolean }>(`SELECT name, role, active FROM clerk ORDER BY id`);
    expect(clerks).toEqual([
      { name: '王管理', role: 'admin', active: true },
      { name: '李开票', role: 'issuer', active: true },
      { name: '赵复核', role: 'reviewer', active: true },
    ]);
  });

  it('lets only an admin session change clerks, and a deactivated clerk\'s session ends with them', async () => {
    const admin = await team.connect(desk1, await signInAs(desk1, '王管理', PINS.admin));
    expect(await outcome(admin, `SELECT fapiao_clerk_set_role($1, 'reviewer')`, [ids.issuer])).toBe('ok');
    expect(await outcome(admin, `SELECT fapiao_clerk_set_role($1, 'issuer')`, [ids.issuer])).toBe('ok');
    // The last active admin stays one, even asked by an admin.
    expect(await outcome(admin, `SELECT fapiao_clerk_set_role($1, 'issuer')`, [ids.admin])).toBe('23514');
    const reviewerToken = await signInAs(desk2, '赵复核', PINS.reviewer, 'desk-2');
    const reviewer = await team.connect(desk2, reviewerToken);
    expect((await reviewer.query(`SELECT (fapiao_actor()).name`)).rows[0]).toEqual({ name: '赵复核' });
    expect(await outcome(admin, `SELECT fapiao_clerk_set_active($1, false)`, [ids.reviewer])).toBe('ok');
    expect((await reviewer.query(`SELECT (fapiao_actor()).name`)).rows[0]).toEqual({ name: null });
    expect(await outcome(reviewer, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '停用后')`, [SELLER])).toBe('42501');
    expect(await outcome(admin, `SELECT fapiao_clerk_set_active($1, true)`, [ids.reviewer])).toBe('ok');
    // A token is bound to the login that signed in: another desk's login cannot use it.
    const stolen = await team.connect(desk2, issuerToken);
    expect((await stolen.query(`SELECT (fapiao_actor()).name`)).rows[0]).toEqual({ name: null });
  });

  it('mirrors the rights of shared/ipc/rights.ts for every role', async () => {
    const client = await team.connect(desk1);
    for (const role of CLERK_ROLES) {
      for (const right of RIGHTS.filter((r) => r !== 'open')) {
        const { rows } = await client.query<{ has: boolean }>('SELECT fapiao_role_has($1, $2) AS has', [role, right]);
        expect([role, right, rows[0]!.has]).toEqual([role, right, roleHas(role, right)]);
      }
    }
  });
});

describe('an issued invoice', () => {
  it.each(WAYS)('keeps its money, parties, signature and lines, and is never deleted, %s', async (way) => {
    const client = await open(way);
    expect(await outcome(client, `UPDATE issued_invoice SET jshj = 99999.00 WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice SET ghdwmc = '别人', ghdwsbh = NULL WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice SET created_by = '王管理' WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice SET request_json = '{}' WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice SET fphm = '26330000000000000999' WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice SET status = 'queued' WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `DELETE FROM issued_invoice WHERE id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `TRUNCATE issued_invoice CASCADE`)).toBe('42501');
    expect(await outcome(client, `UPDATE issued_invoice_line SET je = 99999 WHERE invoice_id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `DELETE FROM issued_invoice_line WHERE invoice_id = $1`, [issuedId])).toBe('42501');
    expect(await outcome(client, `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES ($1, 9, '加塞', '1', 1, 1, 1, '0.13', 0.13)`, [issuedId])).toBe('42501');
    expect(await outcome(client, `INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm) VALUES ($1, $1, 100, '1')`, [issuedId])).toBe('42501');
    expect(await outcome(client, `DELETE FROM issued_invoice_pair`)).toBe('42501');
    const [stored] = await team.owner(`SELECT jshj::text, ghdwmc, created_by, status, fphm, (SELECT count(*)::int FROM issued_invoice_line WHERE invoice_id = i.id) AS lines FROM issued_invoice i WHERE id = $1`, [issuedId]);
    expect(stored).toEqual({ jshj: '100.00', ghdwmc: '北京星河贸易有限公司', created_by: '李开票', status: 'issued', fphm: '26330000000000000001', lines: 1 });
  });

  it('is submitted only as what its request says, queued, signed by the session and with the issue right', async () => {
    const issuer = await team.connect(desk1, issuerToken);
    const insert = (columns: Record<string, unknown>) => {
      const row = { lsh: `FD-X-${Math.random().toString(36).slice(2, 8)}`, environment: 'sandbox', fplxdm: '026', kplx: '0', xhdwsbh: SELLER, xhdwmc: '销方', ghdwmc: '买方', jshj: '100.00', hjse: '11.50', status: 'queued', ...columns };
      const names = Object.keys(row);
      const request = JSON.stringify({ lsh: row.lsh, jshj: '100.00', xhdwsbh: SELLER, ghdwmc: '买方', fplxdm: '026', ...(columns.request as object) });
      const values = names.filter((n) => n !== 'request').map((n) => (row as Record<string, unknown>)[n]);
      const cols = names.filter((n) => n !== 'request');
      return outcome(issuer, `INSERT INTO issued_invoice (${cols.join(', ')}, request_json) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}, $${cols.length + 1})`, [...values, request]);
    };
    expect(await insert({ request: { jshj: '99999.00' } })).toBe('42501'); // the row says 100.00, the service would get 99 999.00
    expect(await insert({ request: { ghdwmc: '另一个买方' } })).toBe('42501');
    expect(await insert({ status: 'issued', fphm: '1' })).toBe('42501'); // an answer nobody gave
    expect(await insert({ kplx: '1', jshj: '-100.00', request: { jshj: '-100.00' } })).toBe('42501'); // a red invoice needs 复核
    // An outbox row on its own (what would be sent, with no invoice behind it) is refused.
    expect(await outcome(issuer, `INSERT INTO outbox (kind, serial, enterprise, request_json, state) VALUES ('issuance', 'FD-GHOST', $1, '{"jshj":"99999.00"}', 'pending')`, [SELLER])).toBe('42501');
    // Signed by the session, whatever the statement says.
    expect(await insert({ lsh: 'FD-SIGNED', created_by: '王管理', request: { lsh: 'FD-SIGNED' } })).toBe('ok');
    expect(await team.owner(`SELECT created_by, updated_by FROM issued_invoice WHERE lsh = 'FD-SIGNED'`)).toEqual([{ created_by: '李开票', updated_by: '李开票' }]);
    // Without a session nothing is submitted.
    const bare = await team.connect(desk1);
    expect(await outcome(bare, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '无会话')`, [SELLER])).toBe('42501');
    expect(await outcome(bare, `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json) VALUES ('FD-BARE', 'sandbox', '026', $1, '销方', '买方', 1, 0.1, 'queued', '{}')`, [SELLER])).toBe('42501');
  });

  it('moves through the service\'s answers only, recorded by the claim of its outbox row', async () => {
    const id = await submit(issuerDesk, invoice('FD-ANSWER-1'));
    const issuer = await team.connect(desk1, issuerToken);
    // Not claimed by anyone: no answer may be written, with or without a session.
    expect(await outcome(issuer, `UPDATE issued_invoice SET status = 'issued', fphm = '1' WHERE id = $1`, [id])).toBe('42501');
    expect(await outcome(issuer, `UPDATE issued_invoice SET status = 'failed', error_message = 'x' WHERE id = $1`, [id])).toBe('42501');
    const claim = await claimOf('FD-ANSWER-1');
    // desk2's claim: desk1 cannot answer it either.
    expect(await outcome(issuer, `UPDATE issued_invoice SET status = 'issuing' WHERE id = $1`, [id])).toBe('42501');
    await answerIssued(workerDesk, claim, '26330000000000000002');
    expect(await team.owner(`SELECT status, fphm FROM issued_invoice WHERE id = $1`, [id])).toEqual([{ status: 'issued', fphm: '26330000000000000002' }]);
  });
});

describe('the outbox', () => {
  it('is changed only by the claim that holds a row', async () => {
    await submit(issuerDesk, invoice('FD-OUTBOX-1'));
    const claim = await claimOf('FD-OUTBOX-1');
    for (const way of WAYS) {
      const client = await open(way);
      // desk2 holds it: desk1 rewrites nothing of it.
      expect(await outcome(client, `UPDATE outbox SET request_json = '{"jshj":"99999.00"}' WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
      expect(await outcome(client, `UPDATE outbox SET lease_owner = 'desk-1', lease_until = now() + interval '1 minute' WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
      expect(await outcome(client, `UPDATE outbox SET state = 'done', lease_owner = NULL, lease_until = NULL WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
      expect(await outcome(client, `UPDATE outbox SET lease_until = now() - interval '1 minute' WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
      expect(await outcome(client, `DELETE FROM outbox WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
      // Finished rows are final, for everyone.
      expect(await outcome(client, `UPDATE outbox SET state = 'pending' WHERE serial = 'FD-ISSUED-1'`)).toBe('42501');
    }
    // The holder itself cannot rewrite what it sends either.
    const holder = await team.connect(desk2);
    expect(await outcome(holder, `UPDATE outbox SET request_json = '{}' WHERE serial = 'FD-OUTBOX-1'`)).toBe('42501');
    await answerIssued(workerDesk, claim, '26330000000000000003');
    const [row] = await team.owner(`SELECT state, request_json, claimed_by FROM outbox WHERE serial = 'FD-OUTBOX-1'`);
    expect(row).toEqual({ state: 'done', request_json: invoice('FD-OUTBOX-1').requestJson, claimed_by: desk2.user });
  });

  it('lets an unclaimed row be claimed, never rewritten', async () => {
    await submit(issuerDesk, invoice('FD-OUTBOX-2'));
    const client = await team.connect(desk1, issuerToken);
    expect(await outcome(client, `UPDATE outbox SET request_json = '{"jshj":"99999.00"}' WHERE serial = 'FD-OUTBOX-2'`)).toBe('42501');
    expect(await outcome(client, `UPDATE outbox SET state = 'failed' WHERE serial = 'FD-OUTBOX-2'`)).toBe('42501');
    expect(await outcome(client, `UPDATE outbox SET next_attempt_at = now() + interval '1 year' WHERE serial = 'FD-OUTBOX-2'`)).toBe('42501');
    expect(await outcome(client, `UPDATE outbox SET lease_owner = 'desk-1', lease_until = now() + interval '10 years' WHERE serial = 'FD-OUTBOX-2'`)).toBe('42501');
    await answerIssued(workerDesk, await claimOf('FD-OUTBOX-2'), '26330000000000000004');
  });
});

describe('the audit trail', () => {
  it('takes actor, desk and time from the server, never from the INSERT', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const forge = `INSERT INTO audit_event (at, actor, desk, action, aggregate, login) VALUES ($1, '王管理', 'desk-9', 'clerk.roleChanged', 'clerk', 'postgres') RETURNING id`;
    const withSession = await team.connect(desk1, issuerToken);
    const without = await team.connect(desk2);
    const [{ now: before }] = (await without.query<{ now: Date }>('SELECT now()')).rows as [{ now: Date }];
    const a = (await withSession.query<{ id: string }>(forge, [threeDaysAgo])).rows[0]!.id;
    const b = (await without.query<{ id: string }>(forge, [threeDaysAgo])).rows[0]!.id;
    const rows = await team.owner<{ id: string; at: Date; actor: string; desk: string; login: string }>(`SELECT id, at, actor, desk, login FROM audit_event WHERE id IN ($1, $2) ORDER BY id`, [a, b]);
    expect(rows.map(({ actor, desk, login }) => ({ actor, desk, login }))).toEqual([
      { actor: '李开票', desk: 'desk-1', login: desk1.user },
      { actor: '', desk: desk2.user, login: desk2.user },
    ]);
    for (const row of rows) {
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(row.at.getTime() - Date.now()).toBeLessThan(60_000);
    }
    expect(await outcome(withSession, `UPDATE audit_event SET actor = '王管理' WHERE id = $1`, [a])).toBe('42501');
    expect(await outcome(withSession, `DELETE FROM audit_event WHERE id = $1`, [a])).toBe('42501');
  });
});

describe('per-enterprise rights', () => {
  it('keeps a clerk an admin limited to one enterprise out of the others, by row-level security', async () => {
    const admin = await team.connect(desk1, await signInAs(desk1, '王管理', PINS.admin));
    await submit(issuerDesk, invoice('FD-OTHER-1', OTHER));
    expect(await outcome(admin, `SELECT fapiao_clerk_set_enterprises($1, $2)`, [ids.issuer, [SELLER]])).toBe('ok');
    // The limit ended the 开票员's sessions: the old token acts for nobody now.
    const old = await team.connect(desk1, issuerToken);
    expect(await outcome(old, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '旧会话')`, [SELLER])).toBe('42501');
    issuerToken = await signInAs(desk1, '李开票', PINS.issuer);
    const issuer = await team.connect(desk1, issuerToken);
    expect(await outcome(issuer, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '本企业客户')`, [SELLER])).toBe('ok');
    expect(await outcome(issuer, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '别家客户')`, [OTHER])).toBe('42501');
    const other = invoice('FD-OTHER-2', OTHER);
    expect(await outcome(issuer, `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json) VALUES ($1, 'sandbox', '026', $2, '销方', '买方', 100, 11.5, 'queued', $3)`, [other.lsh, OTHER, other.requestJson])).toBe('42501');
    // What it cannot act for it does not see either (its libraries, drafts, audit events…); its own enterprise it
    // does. Issued invoices stay readable (their search needs its index: docs/team-ledger.md §7), never writable.
    await team.owner(`INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '别家的老客户')`, [OTHER]);
    await team.owner(`INSERT INTO audit_event (actor, desk, action, aggregate, enterprise) VALUES ('王管理', 'desk-1', 'invoice.submitted', 'issued_invoice', $1)`, [OTHER]);
    expect((await team.owner<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE enterprise = $1`, [OTHER]))[0]!.n).toBe(1);
    expect((await issuer.query(`SELECT count(*)::int AS n FROM customer WHERE enterprise = $1`, [OTHER])).rows[0]).toEqual({ n: 0 });
    expect((await issuer.query(`SELECT count(*)::int AS n FROM customer WHERE enterprise = $1`, [SELLER])).rows[0]!.n).toBeGreaterThan(0);
    expect((await issuer.query(`UPDATE customer SET phone = '1' WHERE enterprise = $1`, [OTHER])).rowCount).toBe(0);
    expect((await issuer.query(`UPDATE issued_invoice SET zflx = '0' WHERE xhdwsbh = $1`, [OTHER])).rowCount).toBe(0);
    expect((await issuer.query(`SELECT count(*)::int AS n FROM audit_event WHERE enterprise = $1`, [OTHER])).rows[0]).toEqual({ n: 0 });
    // Through the app's own ledger too: the 开票员's desk signs in again and cannot submit for the other one.
    expect(await issuerDesk.clerks.signIn('李开票', PINS.issuer)).toMatchObject({ ok: true });
    await expect(submit(issuerDesk, invoice('FD-OTHER-3', OTHER))).rejects.toMatchObject({ code: '42501' });
    expect(await outcome(admin, `SELECT fapiao_clerk_set_enterprises($1, '{}')`, [ids.issuer])).toBe('ok');
    issuerToken = await signInAs(desk1, '李开票', PINS.issuer);
    expect(await issuerDesk.clerks.signIn('李开票', PINS.issuer)).toMatchObject({ ok: true });
  });
});

describe('the allowed paths', () => {
  it('issue with a session and answer without one, and a reviewer decides drafts while an 开票员 cannot', async () => {
    await submit(issuerDesk, invoice('FD-OK-1'));
    await answerIssued(workerDesk, await claimOf('FD-OK-1'), '26330000000000000005');
    expect(await team.owner(`SELECT status, created_by FROM issued_invoice WHERE lsh = 'FD-OK-1'`)).toEqual([{ status: 'issued', created_by: '李开票' }]);
    const issuer = await team.connect(desk1, issuerToken);
    const draft = (await issuer.query<{ id: string }>(`INSERT INTO issuance_draft (environment, enterprise, fplxdm, ghdwmc, jshj, content, review_state, requested_by, requested_at)
      VALUES ('sandbox', $1, '026', '买方', 1, '{}', 'pending', '王管理', now()) RETURNING id`, [SELLER])).rows[0]!.id;
    expect(await team.owner(`SELECT requested_by FROM issuance_draft WHERE id = $1`, [draft])).toEqual([{ requested_by: '李开票' }]);
    expect(await outcome(issuer, `UPDATE issuance_draft SET review_state = 'approved', reviewed_by = '李开票', reviewed_at = now() WHERE id = $1`, [draft])).toBe('42501');
    const reviewer = await team.connect(desk2, await signInAs(desk2, '赵复核', PINS.reviewer, 'desk-2'));
    expect(await outcome(reviewer, `UPDATE issuance_draft SET review_state = 'approved', reviewed_by = 'x', reviewed_at = now() WHERE id = $1`, [draft])).toBe('ok');
    expect(await team.owner(`SELECT review_state, reviewed_by FROM issuance_draft WHERE id = $1`, [draft])).toEqual([{ review_state: 'approved', reviewed_by: '赵复核' }]);
  });
});

describe('a refusal of the database, through a desk\'s own ledger', () => {
  // Main checks rights first, but learns of another desk's change a moment after the database does: in that
  // moment the database refuses, and the clerk must read why (main/ledger/pg/refusals.ts), not INTERNAL.
  it('reaches main as the answer main gives for the same rule: SIGNED_OUT with no clerk, FORBIDDEN without the right', async () => {
    const now = new Date().toISOString();
    const fields = { tax_number: OTHER, agency_name: '拒绝测试', address: null, phone: null, bank: null, account: null, tax_user_id_card: null, tax_user_name: null, tax_user_phone: null, tax_user_login_identity: null, tax_user_email: null };
    await expect(workerDesk.transaction((tx) => tx.enterprises.save('sandbox', fields, now))).rejects.toMatchObject({ name: 'IpcFailure', code: 'SIGNED_OUT', key: 'auth.signedOut' });
    // The statement's right is checked before any row is: what the form holds does not matter here.
    const form = { lsh: 'FD-REFUSED-1' } as unknown as NewRedLetterForm;
    await expect(issuerDesk.transaction((tx) => tx.redForms.insert(form, now))).rejects.toMatchObject({
      name: 'IpcFailure',
      code: 'FORBIDDEN',
      key: 'auth.forbidden',
      params: { right: 'review', role: 'issuer' },
    });
    expect(await team.owner(`SELECT count(*)::int AS n FROM enterprise WHERE tax_number = $1`, [OTHER])).toEqual([{ n: 0 }]);
  });
});
