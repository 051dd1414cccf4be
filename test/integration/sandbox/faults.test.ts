/**
 * Fault injection of the sandbox (docs/architecture.md §6 "fault knobs", docs/sandbox/rules-agency-faults.md) over
 * real HTTP. Whether the endpoint ran is read from the service itself: resubmitting an lsh with other
 * content is accepted only if the first submission left nothing behind, and refused with 3001 if it did.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FAULTS_CONTROL_PATH, SANDBOX_CODES, createFaultPlan, seededRandom, type FaultConfig } from '../../../sandbox/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

const ISSUE = '/openApi/v4/fp/fpkj';
const PRINT = '/openApi/v4/fp/fpdy';

let running: TestSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  running = await startTestSandbox({ issueDelayMs: 0, ...options });
  return running;
}

async function control(sandbox: TestSandbox, config: FaultConfig | string, method = 'POST'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandbox.sandbox.baseUrl}${FAULTS_CONTROL_PATH}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(method === 'GET' ? {} : { body: typeof config === 'string' ? config : JSON.stringify(config) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** A synchronous issuance (tax-control server), so one call both accepts and issues. */
const synchronous = (overrides: Partial<IssuanceRequest> = {}) => sampleIssuance({ kpzdbs: 'tax-control-server', ...overrides });

describe('fault injection', () => {
  it('5xx before the handler: nothing is processed (errorRate, docs/architecture.md §6)', async () => {
    const sandbox = await start({ faults: createFaultPlan({ errorRate: 1 }), controlApi: true });
    const request = synchronous();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await sandbox.call(ISSUE, request);
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.body['status']).not.toBe(true);
    }

    // Faults off: other content under the same lsh is accepted and issued, so nothing had been stored.
    expect((await control(sandbox, {})).status).toBe(200);
    const other = await sandbox.call(ISSUE, { ...request, kpr: '李四' });
    expect(other.body).toMatchObject({ status: true, code: 0, msg: '开具成功' });
  });

  it('drop after the handler: the issuance is committed but no answer arrives (dropRate)', async () => {
    const sandbox = await start({ controlApi: true });
    expect((await control(sandbox, { dropRate: 1, endpoints: ['issueInvoice'] })).status).toBe(200);
    const request = synchronous();
    await expect(sandbox.call(ISSUE, request)).rejects.toThrow();

    expect((await control(sandbox, {})).status).toBe(200);
    const changed = await sandbox.call(ISSUE, { ...request, kpr: '李四' });
    expect(changed.body['code']).toBe(SANDBOX_CODES.serialReused);
    const again = await sandbox.call(ISSUE, request);
    expect(again.body).toMatchObject({ status: true, code: 0, msg: '开具成功' });
    const records = again.body['data'] as { lsh: string; fphm: string }[];
    expect(records).toHaveLength(1);
    expect(records[0]?.lsh).toBe(request.lsh);
  });

  it('malformed after the handler: status 200 with a body that is not JSON, effects committed (malformedRate)', async () => {
    const sandbox = await start({ faults: createFaultPlan({ malformedRate: 1 }, seededRandom(3)), controlApi: true });
    const seen = new Set<string>();
    const requests = Array.from({ length: 9 }, () => synchronous());
    for (const request of requests) {
      const answer = await sandbox.call(ISSUE, request);
      expect(answer.status).toBe(200);
      expect(answer.text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(answer.text) as unknown).toThrow();
      seen.add(answer.text.slice(0, 12));
    }
    expect(seen.size).toBeGreaterThan(1);

    expect((await control(sandbox, {})).status).toBe(200);
    for (const request of requests) {
      expect((await sandbox.call(ISSUE, { ...request, kpr: '李四' })).body['code']).toBe(SANDBOX_CODES.serialReused);
    }
  });

  it('latency and jitter delay the answer but do not change it (latencyMs, latencyJitterMs)', async () => {
    const sandbox = await start({ faults: createFaultPlan({ latencyMs: 20, latencyJitterMs: 30 }) });
    const answer = await sandbox.call(ISSUE, synchronous());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, code: 0, msg: '开具成功' });
  });

  it('applies only to the endpoints named (endpoints)', async () => {
    const sandbox = await start({ faults: createFaultPlan({ errorRate: 1, endpoints: ['printInvoice'] }) });
    expect((await sandbox.call(ISSUE, synchronous())).body).toMatchObject({ status: true, code: 0 });
    expect((await sandbox.call(PRINT, {})).status).toBeGreaterThanOrEqual(500);
  });

  it('a seeded plan injects the same faults for the same sequence of requests (seed)', async () => {
    const outcomes = async (): Promise<number[]> => {
      const sandbox = await start({ controlApi: true });
      await control(sandbox, { errorRate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let index = 0; index < 12; index += 1) statuses.push((await sandbox.call(PRINT, {})).status);
      await sandbox.close();
      running = undefined;
      return statuses;
    };
    const first = await outcomes();
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(await outcomes()).toEqual(first);
  });

  it('control API: off unless asked for (404)', async () => {
    const sandbox = await start();
    expect((await control(sandbox, { errorRate: 1 })).status).toBe(404);
    expect((await sandbox.call(ISSUE, synchronous())).body).toMatchObject({ status: true, code: 0 });
  });

  it('control API: reports, sets and clears the plan at run time', async () => {
    const sandbox = await start({ controlApi: true });
    expect(await control(sandbox, '', 'GET')).toEqual({ status: 200, body: { faults: null } });
    expect((await control(sandbox, { errorRate: 1 })).body).toEqual({ faults: { errorRate: 1 } });
    expect((await sandbox.call(ISSUE, synchronous())).status).toBeGreaterThanOrEqual(500);
    expect(await control(sandbox, '', 'GET')).toEqual({ status: 200, body: { faults: { errorRate: 1 } } });
    expect((await control(sandbox, {})).status).toBe(200);
    expect((await sandbox.call(ISSUE, synchronous())).body).toMatchObject({ status: true, code: 0 });
  });

  it('control API: refuses settings out of range, unknown endpoints and non-JSON with 400', async () => {
    const sandbox = await start({ controlApi: true });
    expect((await control(sandbox, { errorRate: 1.5 })).status).toBe(400);
    expect((await control(sandbox, { dropRate: 0.6, malformedRate: 0.6 })).status).toBe(400);
    expect((await control(sandbox, '{"endpoints":["nope"]}')).status).toBe(400);
    expect((await control(sandbox, '{"errorRat":1}')).status).toBe(400);
    expect((await control(sandbox, 'not json')).status).toBe(400);
    expect(await control(sandbox, '', 'GET')).toEqual({ status: 200, body: { faults: null } });
  });
});
