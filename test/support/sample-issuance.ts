/** A valid issuance request for the demo enterprise, and a temp-folder helper, for sandbox and client tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';

let counter = 0;

export function uniqueLsh(prefix = 'T'): string {
  counter += 1;
  return `${prefix}${Date.now()}${String(counter).padStart(4, '0')}`;
}

export function sampleIssuance(overrides: Partial<IssuanceRequest> = {}): IssuanceRequest {
  return {
    lsh: uniqueLsh(),
    tspz: '00',
    isAuto: 1,
    fplxdm: '82',
    ghdwmc: '北京客户贸易有限公司',
    xhdwsbh: DEMO_ENTERPRISE.taxNumber,
    xhdwmc: DEMO_ENTERPRISE.name,
    kpr: '张三',
    jshj: 226,
    details: [
      { mxbh: '1', fphxz: 0, spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: 2, dj: 56.5, je: 113, sl: 0.13 },
      { mxbh: '2', fphxz: 0, spmc: '*信息技术服务*咨询', spbm: '3040201030000000000', spsl: 1, dj: 113, je: 113, sl: 0.13 },
    ],
    ...overrides,
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
