/**
 * Keyboard-first entry: clerks key invoices from paper without touching the mouse.
 * - Ctrl/Cmd+Enter anywhere in the form submits (caught in the capture phase, before a Select sees it).
 * - Alt+N or Ctrl+Insert adds a line, Ctrl+Delete deletes the line the cursor is in, Alt+D adds a
 *   discount under it, Ctrl+S saves the draft (and keeps the browser's "save page" away).
 * - Enter in a text field moves to the next field, like Tab, instead of submitting half an invoice;
 *   after the last field it lands on the submit button, so Enter once more submits.
 * - Enter in a Select or AutoComplete whose list is open is left alone: it picks the highlighted option.
 */
import type { KeyboardEvent } from 'react';

export type Shortcut = 'submit' | 'addLine' | 'deleteLine' | 'addDiscount' | 'saveDraft';

export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & { nativeEvent: { isComposing: boolean } }): Shortcut | null {
  if (event.nativeEvent.isComposing) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && event.key === 'Enter') return 'submit';
  if ((event.altKey && !ctrl && key === 'n') || (ctrl && event.key === 'Insert')) return 'addLine';
  if (ctrl && event.key === 'Delete') return 'deleteLine';
  if (event.altKey && !ctrl && key === 'd') return 'addDiscount';
  if (ctrl && !event.altKey && key === 's') return 'saveDraft';
  return null;
}

/** The index of the line the element sits in (rows carry data-line-index), or null. */
export function lineIndexOf(element: EventTarget | null): number | null {
  if (!(element instanceof HTMLElement)) return null;
  const row = element.closest<HTMLElement>('[data-line-index]');
  const index = row?.dataset.lineIndex;
  return index === undefined ? null : Number(index);
}

export function moveToNextField(event: KeyboardEvent<HTMLElement>): void {
  // isComposing: Enter confirms a pinyin IME candidate and must not also jump to the next field.
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  if (target.closest('.ant-select') && target.getAttribute('aria-expanded') === 'true') return;
  event.preventDefault();
  const scope = event.currentTarget;
  const fields = [...scope.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]):not([readonly]):not([type=checkbox]):not([type=radio])')];
  const next = fields[fields.indexOf(target) + 1] ?? scope.querySelector<HTMLElement>('[data-testid="submit-invoice"]');
  next?.focus();
}

/** Puts the cursor in a field by test id once React has rendered it. */
export function focusTestId(testId: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)?.focus());
}
