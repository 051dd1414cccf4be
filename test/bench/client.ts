/**
 * client: per-call time of re-submitting an already issued invoice (same lsh) through the typed service
 * client (createServiceClient().issueInvoice: ky, signing hook, chunked read, zod parse of the envelope)
 * vs a raw signed fetch of the same bytes to the same embedded sandbox endpoint (sign, fetch, read,
 * JSON.parse). Interleaved; ratio = ours median / raw median.
 */
import { createServiceClient } from '../../main/api/client.js';
import { createHmacSigner } from '../../main/api/signer.js';
import { DEMO_CREDENTIALS, startSandbox } from '../../sandbox/index.js';
import { ENDPOINTS } from '../../shared/spec/endpoints.js';
import { sampleIssuance } from '../support/sample-issuance.js';
import { benchDir, fmt, percentile, report } from './common.js';

const CALLS = Number(process.env.BENCH_CLIENT_CALLS ?? 500);
const WARM_UP = 50;

export async function benchClient(): Promise<void> {
  const { dir, remove } = benchDir('client');
  const sandbox = await startSandbox({ dataDir: dir, issueDelayMs: 0, onError: () => {} });
  try {
    const signer = createHmacSigner(DEMO_CREDENTIALS);
    const client = createServiceClient({ baseUrl: sandbox.baseUrl, signer });
    const request = sampleIssuance();
    // First submission is accepted (pending); the next one gets the issued invoice. From then on every
    // re-submission of the same lsh answers with the same record: that is what is timed.
    for (let i = 0; i < 5; i++) {
      const outcome = await client.issueInvoice(request);
      if (outcome.kind === 'issued') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const body = JSON.stringify(request);
    const url = `${sandbox.baseUrl}${ENDPOINTS.issueInvoice.path}`;
    const rawCall = async () => {
      const headers = signer.sign({ method: 'POST', pathAndQuery: ENDPOINTS.issueInvoice.path, body });
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      const json = JSON.parse(await response.text()) as { code: number; data: unknown[] };
      if (json.code !== 0 || json.data.length === 0) throw new Error(`raw call not issued: ${json.code}`);
    };
    const oursCall = async () => {
      const outcome = await client.issueInvoice(request);
      if (outcome.kind !== 'issued') throw new Error('client call not issued');
    };
    for (let i = 0; i < WARM_UP; i++) {
      await oursCall();
      await rawCall();
    }
    const ours: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const first = i % 2 === 0 ? oursCall : rawCall;
      const second = i % 2 === 0 ? rawCall : oursCall;
      let t = performance.now();
      await first();
      (i % 2 === 0 ? ours : raw).push(performance.now() - t);
      t = performance.now();
      await second();
      (i % 2 === 0 ? raw : ours).push(performance.now() - t);
    }
    const oursMedian = percentile(ours, 50);
    const rawMedian = percentile(raw, 50);
    report(
      'client',
      `${fmt(oursMedian, 3)} ms/call`,
      `${fmt(rawMedian, 3)} ms/call`,
      oursMedian / rawMedian,
      `${CALLS} re-submissions each, medians; p95 ours ${fmt(percentile(ours, 95), 3)} ms raw ${fmt(percentile(raw, 95), 3)} ms`,
    );
  } finally {
    await sandbox.close();
    remove();
  }
}
