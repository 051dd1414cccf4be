/** Signing clerks in and out through the page, as a clerk does (the e2e tests of clerks and their rights). */
import type { Page } from 'playwright-core';

/** Keyboard only: the name has the cursor, Enter moves to the PIN, Enter signs in. */
export async function signIn(page: Page, name: string, pin: string): Promise<void> {
  await page.getByTestId('sign-in').waitFor();
  await page.getByTestId('sign-in-name').fill(name);
  await page.keyboard.press('Enter');
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('clerk-menu').click();
  await page.getByTestId('clerk-sign-out').click();
  await page.getByTestId('sign-in').waitFor();
}
