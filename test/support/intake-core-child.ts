/**
 * The app's intake in a child process of its own, so its peak resident set can be measured alone: a core
 * (its sandbox a process of its own too, as in the app) takes the files named on the command line through
 * `intake:addFile` — the bytes a drop carries — and reads them on its extraction pool. Then the same files
 * go to the sandbox's recognition endpoint over HTTP.
 * stdout, one JSON object a line: {"item": <IntakeItem once settled>, "ms": <since the batch was added>}
 * for each file; {"ocr": <file name>, "returnCode", "returnMessage"} for each recognition; then
 * {"peakKb": <this process's VmHWM>, "sandboxPeakKb": <the sandbox process's VmHWM>}.
 * Args: <dataDir> <file>...
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore } from '../../main/core.js';
import type { AppInfo, IntakeItem } from '../../shared/ipc/index.js';
import { call } from './sandbox-caller.js';
import { childrenNamed } from './sandbox-process.js';
import { createTestCipher } from './test-cipher.js';

const [dataDir, ...files] = process.argv.slice(2);
if (!dataDir || files.length === 0) {
  console.error('usage: intake-core-child <dataDir> <file>...');
  process.exit(2);
}

const peakKb = (pid: number | 'self') => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const line = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);

const core = await createCore({ dataDir, appVersion: 'picture-bombs' }, { cipher: createTestCipher() });
const settled = new Set<string>();
const started = Date.now();
const done = new Promise<void>((resolve) => {
  core.onEvent((event, payload) => {
    if (event !== 'intake:item') return;
    const item = payload as IntakeItem;
    if (item.status === 'reading' || item.status === 'recognising' || settled.has(item.id)) return;
    settled.add(item.id);
    line({ item, ms: Date.now() - started });
    if (settled.size === files.length) resolve();
  });
});
for (const file of files) {
  const added = await core.router.dispatch('intake:addFile', { name: path.basename(file), base64: fs.readFileSync(file).toString('base64'), origin: 'drop' });
  if (!added.ok) throw new Error(`intake:addFile refused ${file}: ${added.error.code}`);
}
await done;

const info = await core.router.dispatch('app:info', {});
if (!info.ok) throw new Error('app:info failed');
const baseUrl = (info.value as AppInfo).serviceBaseUrl;
for (const file of files) {
  const answer = await call(baseUrl, '/input/openApi/ocr', { uuid: 'bombs000000000000000000000000001', picture: fs.readFileSync(file).toString('base64') });
  const state = (answer.body as { returnStateInfo: { returnCode: string; returnMessage: string } }).returnStateInfo;
  line({ ocr: path.basename(file), ...state });
}
const [sandboxPid] = childrenNamed('fapiao-sandbox');
line({ peakKb: peakKb('self'), sandboxPeakKb: sandboxPid === undefined ? null : peakKb(sandboxPid) });
await core.close();
process.exit(0);
