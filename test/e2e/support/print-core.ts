/**
 * What the print e2e tests ask of the harness's core directly (setting the scene, not driving the UI):
 * IPC calls that must succeed and issuing a paper invoice until the sandbox issued it, with the buyer
 * and goods lines these tests print.
 */
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { Harness } from '../../harness/server.js';

export const PRINT_BUYER = {
  buyerName: '杭州云栖商贸有限公司',
  buyerTaxNumber: '91330106MA27XK5R3T',
  buyerAddress: '浙江省杭州市西湖区文三路 100 号',
  buyerPhone: '0571-88886666',
  buyerBank: '中国工商银行杭州文三路支行',
  buyerAccount: '1202021109900012345',
};

/** `count` goods lines 办公椅1型 … with growing quantities and prices. */
export const printLines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `办公椅${i + 1}型`, taxCode: '1060201070000000000', quantity: String(i + 1), unitPrice: `${100 + i * 10}.00`, rate: '0.13' }));

export function coreCalls(harness: () => Harness) {
  async function dispatch<T>(channel: string, payload: unknown): Promise<T> {
    const result = await harness().core.router.dispatch(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  }
  async function issue(draft: Record<string, unknown>): Promise<InvoiceSummary> {
    const queued = await dispatch<InvoiceSummary>('issuance:submit', draft);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`invoice ${queued.lsh} not issued`)), 60_000);
      const stop = harness().core.onEvent((event, payload) => {
        if (event === 'issuance:updated' && payload.lsh === queued.lsh && payload.status === 'issued') {
          clearTimeout(timer);
          stop();
          resolve(payload);
        }
      });
    });
  }
  return { dispatch, issue };
}
