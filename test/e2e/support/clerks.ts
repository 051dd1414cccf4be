/** Adding clerks in settings → 操作员 and signing them in and out through the page, as a clerk does (the e2e tests of clerks and their rights). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const ROLE_WORDS = { admin: '管理员', issuer: '开票员', reviewer: '复核' } as const;

/** Settings → 操作员 open: the first clerk's role is fixed to 管理员; after it, the form starts on 开票员. */
export async function addClerk(page: Page, name: string, role: keyof typeof ROLE_WORDS, pin: string): Promise<void> {
  await page.getByTestId('clerk-add-name').fill(name);
  if (role === 'reviewer') {
    await page.getByTestId('clerk-add-role').click();
    await page.getByTestId('clerk-role-reviewer').click();
  }
  await expect.poll(() => page.getByTestId('clerk-add-form').innerText()).toContain(ROLE_WORDS[role]);
  await page.getByTestId('clerk-add-pin').fill(pin);
  await page.getByTestId('clerk-add-submit').click();
  await expect.poll(() => page.getByTestId('clerks-team').innerText().catch(() => '')).toContain(name);
  // The team list can show the new clerk (by the change feed) before the add's own answer clears the form; a
  // next clerk typed in between would be cleared with it. The form is done when its name is empty again.
  await expect.poll(() => page.getByTestId('clerk-add-name').inputValue()).toBe('');
}

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
