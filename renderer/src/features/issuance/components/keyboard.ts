/**
 * Keyboard-first entry: clerks key invoices from paper without touching the mouse.
 * - Ctrl/Cmd+Enter anywhere in the form submits (caught in the capture phase, before a Select sees it).
 * - Enter in a text field moves to the next field, like Tab, instead of submitting half an invoice;
 *   after the last field it lands on the submit button, so Enter once more submits.
 * - Enter inside a Select is left alone: it opens the list or picks the highlighted rate.
 */
import type { KeyboardEvent } from 'react';

export function isSubmitShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;
}

export function moveToNextField(event: KeyboardEvent<HTMLElement>): void {
  // isComposing: Enter confirms a pinyin IME candidate and must not also jump to the next field.
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || target.closest('.ant-select')) return;
  event.preventDefault();
  const scope = event.currentTarget;
  const fields = [...scope.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]):not([readonly])')];
  const next = fields[fields.indexOf(target) + 1] ?? scope.querySelector<HTMLElement>('[data-testid="submit-invoice"]');
  next?.focus();
}
