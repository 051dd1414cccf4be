/** Helpers of the red-reversal integration tests: IPC calls that must succeed, waits on core events. */
import type { Core } from '../../../main/core.js';
import type { InvoiceSummary, RedLetterFormSummary } from '../../../shared/ipc/index.js';

export const GOODS = [
  { name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' },
  { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' },
] as const;

export const BUYER_004 = {
  buyerName: '杭州云栖商贸有限公司',
  buyerTaxNumber: '91330106MA27XK5R3T',
  buyerAddress: '浙江省杭州市西湖区文三路 100 号',
  buyerPhone: '0571-88886666',
  buyerBank: '中国工商银行杭州文三路支行',
  buyerAccount: '1202021109900012345',
};

export async function call<T>(core: Core, channel: string, payload: unknown): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

export function waitFor(core: Core, match: (row: InvoiceSummary) => boolean, timeoutMs = 120_000): Promise<InvoiceSummary> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no matching issuance:updated event'));
    }, timeoutMs);
    const stop = core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && match(payload)) {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

export function waitForForm(core: Core, lsh: string, match: (form: RedLetterFormSummary) => boolean, timeoutMs = 120_000): Promise<RedLetterFormSummary> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`form ${lsh} did not reach the expected state`));
    }, timeoutMs);
    const stop = core.onEvent((event, payload) => {
      if (event === 'redletter:updated' && payload.lsh === lsh && match(payload)) {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

/** Submits a blue invoice and waits until the sandbox issued it. */
export async function issueBlue(core: Core, draft: Record<string, unknown>): Promise<InvoiceSummary> {
  const queued = await call<InvoiceSummary>(core, 'issuance:submit', draft);
  const issued = waitFor(core, (row) => row.lsh === queued.lsh && row.status === 'issued');
  return issued;
}
