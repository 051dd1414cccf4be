/** Waiting on a core's own events in integration tests (never on time): the moment an invoice is issued. */
import type { Core } from '../../main/core.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';

/** Resolves with the invoice's summary once the core announces it issued; listen before submitting. */
export function issuedEvent(core: Core, lsh: string): Promise<InvoiceSummary> {
  return new Promise((resolve) => {
    const stop = core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && payload.lsh === lsh && payload.status === 'issued') {
        stop();
        resolve(payload);
      }
    });
  });
}
