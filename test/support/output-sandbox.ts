/**
 * Helpers for the output-side sandbox tests: issue invoices to completion without sleeping (issue delay
 * 0 means the resubmission issues), apply for red-letter forms and read them back, all through the real
 * signed HTTP caller.
 */
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import type { RedLetterApplicationRequest } from '../../shared/spec/redletter.js';
import { sampleIssuance, uniqueLsh } from './sample-issuance.js';
import type { Answer, TestSandbox } from './sandbox-caller.js';

export const ISSUE = '/openApi/v4/fp/fpkj';
export const APPLY = '/openApi/v4/fp/hzsq';
export const QUERY = '/openApi/v4/fp/hzcx';
export const PRINT = '/openApi/v4/fp/fpdy';

export const BUYER = {
  ghdwsbh: '91110000MA01ABCD1X',
  ghdwdz: '北京市朝阳区建国路 1 号',
  ghdwdh: '010-88886666',
  ghdwyh: '中国银行北京分行',
  ghdwzh: '6217000010000000001',
};

export interface IssuedRecord {
  fplxdm: string;
  fpdm?: string;
  fphm: string;
  kprq: string;
  jym?: string;
  skm?: string;
  pdf?: string;
  ofd?: string;
  xml?: string;
  qr?: string;
  lsh: string;
  kplx: string;
  jshj: number;
}

/** A blue invoice request of the given type with the buyer fields every type accepts. */
export function blueRequest(fplxdm: IssuanceRequest['fplxdm'], overrides: Partial<IssuanceRequest> = {}): IssuanceRequest {
  return sampleIssuance({ fplxdm, ...BUYER, ...overrides });
}

/** Submits and resubmits (delay 0) until issued; throws with the answer when refused. */
export async function issue(box: TestSandbox, request: IssuanceRequest): Promise<IssuedRecord> {
  const first = await box.call(ISSUE, request);
  if (first.body.status !== true) throw new Error(`refused: ${first.text}`);
  const second = await box.call(ISSUE, request);
  const record = (second.body.data as IssuedRecord[] | undefined)?.[0];
  if (second.body.status !== true || !record) throw new Error(`not issued: ${second.text}`);
  return record;
}

/** The red counterpart of a blue request: every line negated, naming the original. */
export function redRequest(blue: IssuanceRequest, record: IssuedRecord, overrides: Partial<IssuanceRequest> = {}): IssuanceRequest {
  return {
    ...blue,
    lsh: uniqueLsh('R'),
    jshj: -blue.jshj,
    details: blue.details.map((line) => ({
      ...line,
      ...(line.spsl === undefined ? {} : { spsl: -line.spsl }),
      je: -line.je,
    })),
    ...(record.fpdm ? { yfpdm: record.fpdm } : {}),
    yfphm: record.fphm,
    ykprq: record.kprq.slice(0, 10),
    chyydm: '2',
    ...overrides,
  };
}

export function application(record: IssuedRecord, overrides: Partial<RedLetterApplicationRequest> = {}): RedLetterApplicationRequest {
  const digital = record.fpdm === undefined;
  return {
    lsh: uniqueLsh('H'),
    ...(digital ? { chyydm: '2' } : { fpdm: record.fpdm, kpzdbs: 'kpzd-01' }),
    fphm: record.fphm,
    sqly: '2',
    xhdwsbh: DEMO_ENTERPRISE.taxNumber,
    xhdwmc: DEMO_ENTERPRISE.name,
    ...overrides,
  };
}

export function queryPath(lsh: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ lsh, xhdwsbh: DEMO_ENTERPRISE.taxNumber, ...extra });
  return `${QUERY}?${params.toString()}`;
}

/** Applies and queries once (delay 0: approved at the first query); returns the query answer. */
export async function applyAndApprove(box: TestSandbox, request: RedLetterApplicationRequest, all = '0'): Promise<Answer> {
  const applied = await box.call(APPLY, request);
  if (applied.body.status !== true) throw new Error(`application refused: ${applied.text}`);
  return box.call(queryPath(request.lsh, { all, ...(request.kpzdbs ? { kpzdbs: request.kpzdbs } : {}) }));
}
