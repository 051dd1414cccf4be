/**
 * The 收票 view's helpers for e2e tests: drop files as a browser drop carries them, find a queue item by
 * name, and a special invoice the seeded tax authority knows (verified 查验一致).
 */
import type { Page } from 'playwright-core';
import { DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, type ReceivedInvoice } from '../../../sandbox/index.js';

/** Drops files on the drop zone as a browser drop event carries them (bytes; the harness has no preload). */
export async function drop(page: Page, files: { name: string; bytes: Uint8Array | string; type: string }[]): Promise<void> {
  const payload = files.map((file) => ({ name: file.name, type: file.type, b64: Buffer.from(file.bytes).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([Uint8Array.from(atob(file.b64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    return transfer;
  }, payload);
  await page.getByTestId('intake-drop').dispatchEvent('drop', { dataTransfer });
}

export const item = (page: Page, name: string) => page.locator(`[data-testid="intake-item"][data-name="${name}"]`);

/**
 * A normal blue special invoice of the demo enterprise in the seeded tax authority, read through the
 * sandbox's test-only control API (not its database); issued more than three days ago, so no date limit
 * of verification stands in the way.
 */
export async function knownSpecialInvoice(serviceBaseUrl: string): Promise<ReceivedInvoice> {
  const answer = await fetch(`${serviceBaseUrl.replace(/\/$/, '')}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
  const invoices = ((await answer.json()) as { invoices: ReceivedInvoice[] }).invoices;
  const limit = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const known = invoices.find((invoice) => invoice.fplxdm === '01' && invoice.fpzt === '0' && invoice.kprq < limit && !invoice.hjje.startsWith('-'));
  if (!known) throw new Error('no special invoice in the seeded tax authority');
  return known;
}
