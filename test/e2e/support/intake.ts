/** The 收票 view's helpers for e2e tests: drop files as a browser drop carries them, find a queue item by name. */
import type { Page } from 'playwright-core';

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
