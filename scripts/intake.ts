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
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { extractInvoice, type ExtractionOutcome } from '../extraction/index.js';
import { createServiceClient } from '../main/api/client.js';
import { createHmacSigner } from '../main/api/signer.js';
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
  let recognise: ((bytes: Uint8Array, outcome: ExtractionOutcome) => Promise<ExtractionOutcome>) | undefined;
  if (parsed.values.recognise) {
    const { FAPIAO_BASE_URL: baseUrl, FAPIAO_APP_KEY: appKey, FAPIAO_APP_SECRET: appSecret } = process.env;
    if (!baseUrl || !appKey || !appSecret) {
      process.stderr.write('--recognise needs FAPIAO_BASE_URL, FAPIAO_APP_KEY and FAPIAO_APP_SECRET\n');
      return 2;
    }
    const client = createServiceClient({ baseUrl, signer: createHmacSigner({ appKey, appSecret }) });
    recognise = (bytes, outcome) => completeWithRecognition(client, bytes, outcome);
  }
  let failed = false;
  for (const file of parsed.positionals) {
    let outcome: ExtractionOutcome;
    try {
      const bytes = new Uint8Array(await fs.readFile(file));
      outcome = await extractInvoice(bytes);
      if (recognise) outcome = await recognise(bytes, outcome);
    } catch (error) {
      outcome = { ok: false, error: { code: 'unreadable', message: error instanceof Error ? error.message : String(error) } };
    }
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
