/**
 * `npm run intake -- [--recognise] FILE...`: local extraction of received invoice files, for integrators
 * and for checking a folder. Prints one JSON object per line per file:
 *   {"file", "ok": true, "fields": {fpzl, fpdm, fphm, kprq, fpje, fpse, jshj, xhfsbh, gmfsbh, jym}, "sources": {field: source}}
 *   — plus "qr": [payload…] with the invoice QR payloads read (as written), and "unverifiable":
 *   "railway-eticket" | "air-itinerary" when the file holds a kind the service cannot verify (the spec's
 *   verification table has no fpzl for it)
 *   {"file", "ok": false, "error": {code, message}}
 * Fields it could not read are left out. No service is called unless --recognise is given: then a file
 * whose local extraction is incomplete is sent to the recognition endpoint (FAPIAO_BASE_URL,
 * FAPIAO_APP_KEY, FAPIAO_APP_SECRET) and what it adds is marked "ocr".
 * Exit code: 0 when every file was read, 1 when any failed, 2 on bad usage.
 *
 * Files are read on the app's extraction pool (worker threads), a few at a time, under the same guards as
 * in the app: the per-file time budget and the memory ceiling on the process's resident set (error codes
 * extraction-timeout / extraction-memory), besides the library's own caps (image-too-large …).
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ExtractionOutcome } from '../extraction/index.js';
import { createServiceClient } from '../main/api/client.js';
import { createHmacSigner } from '../main/api/signer.js';
import { createExtractionPool, type ExtractionPool, type PoolOutcome } from '../main/features/intake/extraction-pool.js';
import { completeWithRecognition } from '../main/features/intake/recognition.js';

const USAGE = 'Usage: npm run intake -- [--recognise] FILE...';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { recognise: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const pool = createExtractionPool();
  try {
    return await readAll(parsed.positionals, parsed.values.recognise, pool);
  } finally {
    await pool.close();
  }
}

async function readAll(files: string[], withRecognition: boolean, pool: ExtractionPool): Promise<number> {
  let recognise: ((bytes: Uint8Array, outcome: ExtractionOutcome) => Promise<ExtractionOutcome>) | undefined;
  if (withRecognition) {
    const { FAPIAO_BASE_URL: baseUrl, FAPIAO_APP_KEY: appKey, FAPIAO_APP_SECRET: appSecret } = process.env;
    if (!baseUrl || !appKey || !appSecret) {
      process.stderr.write('--recognise needs FAPIAO_BASE_URL, FAPIAO_APP_KEY and FAPIAO_APP_SECRET\n');
      return 2;
    }
    const client = createServiceClient({ baseUrl, signer: createHmacSigner({ appKey, appSecret }) });
    recognise = (bytes, outcome) => completeWithRecognition(client, bytes, outcome, (picture) => pool.prepare(picture));
  }
  const read = async (file: string): Promise<PoolOutcome> => {
    try {
      const bytes = new Uint8Array(await fs.readFile(file));
      const outcome = await pool.extract(bytes);
      return recognise && (outcome.ok || outcome.error.code === 'no-invoice') ? await recognise(bytes, outcome as ExtractionOutcome) : outcome;
    } catch (error) {
      return { ok: false, error: { code: 'unreadable', message: error instanceof Error ? error.message : String(error) } };
    }
  };
  // One more file in hand than there are threads, printed in the order given.
  const started: Promise<PoolOutcome>[] = [];
  const ahead = pool.size + 1;
  for (const file of files.slice(0, ahead)) started.push(read(file));
  let failed = false;
  for (const [index, file] of files.entries()) {
    const outcome = await (started[index] as Promise<PoolOutcome>);
    const next = files[index + ahead];
    if (next !== undefined) started.push(read(next));
    if (outcome.ok) {
      const { fields, sources, qrTexts, unverifiable } = outcome.extraction;
      process.stdout.write(`${JSON.stringify({ file, ok: true, fields, sources, ...(qrTexts.length > 0 ? { qr: qrTexts } : {}), ...(unverifiable ? { unverifiable } : {}) })}\n`);
    } else {
      failed = true;
      process.stdout.write(`${JSON.stringify({ file, ok: false, error: outcome.error })}\n`);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
