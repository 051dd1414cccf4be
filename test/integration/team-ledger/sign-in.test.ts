/**
 * @needs postgresql
 * Signing in on a team ledger (pg migration 0650), tried as a desk login would through `fapiao_sign_in`, and
 * through the PostgreSQL ledger's clerk store as the desk's main does: the PIN is checked where the desk cannot
 * read its hash; each wrong PIN makes the name wait (1, 2, 4, 8 s) before another PIN is even checked — also
 * when ten connections guess at once — and the fifth in a row locks it until an admin unlocks it, recorded in
 * the audit trail; an unknown name gets the same answers, at the cost of a bcrypt like a known one. A clerk
 * moved in from a desk (scrypt hash) signs in with the old PIN and is re-hashed with bcrypt at that moment.
 * The waits are not slept through: the tests move the last failure back as the team's owner would see time pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../../main/features/clerks/pin.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { createTestTeam, type Login, type Team } from './support/team.js';

let team: Team;
let desk: Login;
let ledger: Ledger;

interface Answer {
  status: string;
  retry_after_ms: number | null;
}

async function tryPin(name: string, pin: string): Promise<Answer> {
  const client = await team.connect(desk);
  try {
    return (await client.query<Answer>('SELECT status, retry_after_ms FROM fapiao_sign_in($1, $2, $3)', [name, pin, 'desk-1'])).rows[0]!;
  } finally {
    await client.end();
  }
}

/** As if the name's wait had passed (the owner moves its last failure back). */
const letTimePass = (name: string) => team.owner(`UPDATE clerk_sign_in_guard SET last_failure = last_failure - interval '1 hour' WHERE name = $1`, [name]);

beforeAll(async () => {
  team = await createTestTeam();
  desk = await team.desk('desk1');
  ledger = createPgLedger(team.pool(desk), { desk: 'desk-1' });
  await ledger.clerks.insert({ name: '王管理', role: 'admin', pin: await ledger.clerks.preparePin('246810') }, null, new Date().toISOString());
  expect(await ledger.clerks.signIn('王管理', '246810')).toMatchObject({ ok: true });
  await ledger.clerks.insert({ name: '李开票', role: 'issuer', pin: await ledger.clerks.preparePin('135790') }, null, new Date().toISOString());
}, 120_000);

afterAll(() => team?.close());

describe('guessing PINs', () => {
  it.each(['李开票', '无此人'])('makes %s wait after each wrong PIN and locks it after five, whether the name exists or not', async (name) => {
    const answers: Answer[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      answers.push(await tryPin(name, `00000${attempt}`));
      // At once again: not even checked, whatever the PIN (the right one included).
      expect(await tryPin(name, name === '李开票' ? '135790' : '000000')).toMatchObject({ status: attempt < 5 ? 'wait' : 'locked' });
      await letTimePass(name);
    }
    expect(answers.map((a) => a.status)).toEqual(['refused', 'refused', 'refused', 'refused', 'locked']);
    expect(answers.slice(0, 4).map((a) => a.retry_after_ms)).toEqual([1000, 2000, 4000, 8000]);
    // Locked: the right PIN does not help until an admin unlocks.
    expect(await tryPin(name, '135790')).toMatchObject({ status: 'locked' });
    const [event] = await team.owner<{ actor: string; desk: string; detail: unknown; login: string }>(
      `SELECT actor, desk, detail, login FROM audit_event WHERE action = 'clerk.lockedOut' AND detail->>'name' = $1`,
      [name],
    );
    expect(event).toEqual({ actor: '', desk: 'desk-1', detail: { name, failures: 5, known: name === '李开票' }, login: desk.user });
  });

  it('counts ten guesses at once as one: the others wait', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => tryPin('王管理', `11111${i}`)));
    expect(answers.filter((a) => a.status === 'refused')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'wait')).toHaveLength(9);
    await letTimePass('王管理');
    expect(await tryPin('王管理', '246810')).toMatchObject({ status: 'ok' });
    expect(await team.owner(`SELECT * FROM clerk_sign_in_guard WHERE name = '王管理'`)).toEqual([]);
  });

  it('is unlocked by an admin only; then the right PIN signs in', async () => {
    const id = (await ledger.clerks.byName('李开票'))!.id;
    const bare = await team.connect(desk);
    await expect(bare.query('SELECT fapiao_clerk_unlock($1)', [id])).rejects.toMatchObject({ code: '42501' });
    expect(await tryPin('李开票', '135790')).toMatchObject({ status: 'locked' });
    const client = await team.connect(desk);
    const { rows } = await client.query<{ token: string }>(`SELECT token FROM fapiao_sign_in('王管理', '246810', 'desk-1')`);
    await client.query(`SELECT set_config('fapiao.session', $1, false)`, [rows[0]!.token]);
    expect((await client.query('SELECT fapiao_clerk_unlock($1) AS unlocked', [id])).rows[0]).toEqual({ unlocked: true });
    expect(await tryPin('李开票', '135790')).toMatchObject({ status: 'ok' });
  });

  it('spends a bcrypt on an unknown name as on a known one', async () => {
    const timed = async (name: string, pin: string) => {
      await team.owner('DELETE FROM clerk_sign_in_guard');
      const started = performance.now();
      expect(await tryPin(name, pin)).toMatchObject({ status: 'refused' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      known.push(await timed('李开票', '999999'));
      unknown.push(await timed(`无此人${round}`, '999999'));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    // bcrypt at cost 10 is tens of milliseconds: an unknown name that skipped it would answer in a few.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe("changing one's own PIN", () => {
  it('counts a wrong current PIN as a sign-in try: a wait, then the fifth locks the clerk and ends their sessions', async () => {
    await ledger.clerks.insert({ name: '赵六', role: 'issuer', pin: await ledger.clerks.preparePin('112233') }, null, new Date().toISOString());
    const own = createPgLedger(team.pool(desk), { desk: 'desk-2' });
    const me = await own.clerks.signIn('赵六', '112233');
    if (!me.ok) throw new Error('赵六 did not sign in');
    const next = await own.clerks.preparePin('445566');
    const answers: unknown[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      answers.push(await own.clerks.changeOwnPin(me.clerk.id, `99999${attempt}`, next, new Date().toISOString()));
      // At once again, even with the right PIN: not checked.
      if (attempt < 5) expect(await own.clerks.changeOwnPin(me.clerk.id, '112233', next, new Date().toISOString())).toMatchObject({ wait: expect.any(Number) });
      await letTimePass('赵六');
    }
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(await own.clerks.sessionHolds()).toBe(false);
    expect(await tryPin('赵六', '112233')).toMatchObject({ status: 'locked' });
    const [event] = await team.owner<{ detail: unknown }>(`SELECT detail FROM audit_event WHERE action = 'clerk.lockedOut' AND detail->>'name' = '赵六'`);
    expect(event).toEqual({ detail: { name: '赵六', failures: 5, known: true } });
    // A desk's login cannot work the counter itself.
    const bare = await team.connect(desk);
    await expect(bare.query(`SELECT fapiao_pin_try_failed('王管理', NULL, 'x')`)).rejects.toMatchObject({ code: '42501' });
    await bare.end();
  });
});

describe('a clerk moved in from a desk', () => {
  it('signs in with the PIN of the desk (scrypt), and is re-hashed with bcrypt where no desk reads it', async () => {
    await team.owner(`INSERT INTO clerk (name, role, pin_hash, active) VALUES ('老员工', 'issuer', $1, true)`, [await hashPin('864200')]);
    const fresh = createPgLedger(team.pool(desk), { desk: 'desk-1' });
    expect(await fresh.clerks.signIn('老员工', '000000')).toMatchObject({ ok: false, reason: 'pin' });
    await letTimePass('老员工');
    expect(await fresh.clerks.signIn('老员工', '864200')).toMatchObject({ ok: true, clerk: { name: '老员工', role: 'issuer' } });
    const [stored] = await team.owner<{ pin_hash: string }>(`SELECT pin_hash FROM clerk WHERE name = '老员工'`);
    expect(stored!.pin_hash).toMatch(/^\$2a\$10\$/);
    await fresh.clerks.signOut();
    expect(await fresh.clerks.signIn('老员工', '864200')).toMatchObject({ ok: true });
    expect(await fresh.clerks.sessionHolds()).toBe(true);
    await fresh.clerks.signOut();
    expect(await fresh.clerks.sessionHolds()).toBe(false);
  });
});
