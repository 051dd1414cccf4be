/**
 * `npm run dev:browser`: the app in a normal browser, on the embedded sandbox, for developers.
 * Data lives in .data/dev-browser unless FAPIAO_DATA_DIR says otherwise.
 */
import path from 'node:path';
import { REPO_ROOT, startHarness } from './server.js';

const dataDir = process.env.FAPIAO_DATA_DIR ?? path.join(REPO_ROOT, '.data/dev-browser');
const port = Number(process.env.PORT ?? 5180);
const harness = await startHarness({ dataDir, port });
console.log(`发票工作台 (browser harness) — open ${harness.url}`);
console.log(`data folder: ${dataDir}`);

const stop = async () => {
  await harness.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
