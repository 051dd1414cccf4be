/**
 * Keyboard-first entry: clerks key invoices from paper without touching the mouse.
 * - Ctrl/Cmd+Enter anywhere in the form submits (caught in the capture phase, before a Select sees it).
 * - Alt+N or Ctrl+Insert adds a line, Ctrl+Delete deletes the line the cursor is in, Alt+D adds a
 *   discount under it, Ctrl+S saves the draft (and keeps the browser's "save page" away), Alt+T goes to
 *   常用发票 (type a template's name, Enter opens it).
 * - Enter in a text field moves to the next field, like Tab, instead of submitting half an invoice;
 *   after the last field it lands on the submit button, so Enter once more submits.
 * - Enter in a Select or AutoComplete whose list is open is left alone: it picks the highlighted option;
 *   once closed, Enter moves on (leaveClosedSelect) rather than opening the list again.
 */
import type { KeyboardEvent } from 'react';

export type Shortcut = 'submit' | 'addLine' | 'deleteLine' | 'addDiscount' | 'saveDraft' | 'templates';

export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & { nativeEvent: { isComposing: boolean } }): Shortcut | null {
  if (event.nativeEvent.isComposing) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && event.key === 'Enter') return 'submit';
  if ((event.altKey && !ctrl && key === 'n') || (ctrl && event.key === 'Insert')) return 'addLine';
  if (ctrl && event.key === 'Delete') return 'deleteLine';
  if (event.altKey && !ctrl && key === 'd') return 'addDiscount';
  if (ctrl && !event.altKey && key === 's') return 'saveDraft';
  if (event.altKey && !ctrl && key === 't') return 'templates';
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

/**
 * Enter in a searchable Select whose list is closed (a value just picked) moves on as in a text field, and
 * is taken in the capture phase: left to bubble, the Select first opens its list on that Enter, after the
 * cursor has gone, and the list stays open over the next fields. True when it handled the key.
 */
export function leaveClosedSelect(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return false;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || target.readOnly || !target.closest('.ant-select')) return false;
  if (target.getAttribute('aria-expanded') === 'true') return false;
  moveToNextField(event);
  event.stopPropagation();
  return true;
}

/** Frames to wait for a new row: the form renders a row added by setFieldValue a few frames later. */
const FOCUS_FRAMES = 60;

/**
 * Puts the cursor in a field by test id once React has rendered it. A line added by Alt+N is rendered only
 * after the form's watchers run, often two or three frames later; focusing on the next frame alone missed
 * it and left the cursor where it was, so the next keys landed in the wrong field. Keep trying each frame
 * (about a second at most) until the element exists.
 */
export function focusTestId(testId: string, options: { select?: boolean } = {}): void {
  let frames = 0;
  const attempt = (): boolean => {
    const element = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
    if (!element || element.disabled) return false;
    element.focus();
    // select: the value is there to be typed over (a repeated invoice's quantity).
    if (options.select) element.select();
    return true;
  };
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  // After focusing, watch a few frames: a form reset remounts its inputs, and the focused one vanishes
  // with the cursor. Re-focus only when the focus was lost, never when the clerk moved it elsewhere.
  let settled = 0;
  const settle = () => {
    if (++frames >= FOCUS_FRAMES) return;
    if (lost()) settled = 0;
    if (lost() && !attempt()) return void requestAnimationFrame(settle);
    if (++settled < 3) requestAnimationFrame(settle);
  };
  const retry = () => {
    if (attempt()) requestAnimationFrame(settle);
    else if (++frames < FOCUS_FRAMES) requestAnimationFrame(retry);
  };
  // Right away when the element is already there (a row rendered with flushSync): the clerk's next key,
  // which may already be queued, then lands in it.
  if (attempt()) requestAnimationFrame(settle);
  else requestAnimationFrame(retry);
}

/** The first of these fields (by test id) that is empty, so a pick can move the cursor on to it. */
export function firstEmptyField(testIds: readonly string[]): string | null {
  for (const testId of testIds) {
    const element = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
    if (element && !element.disabled && !element.readOnly && element.value.trim() === '') return testId;
  }
  return null;
}

/**
 * Numbers only: digits, one decimal point and a leading minus (red lines are negative). Anything else a
 * clerk types or pastes is dropped as they type, so "12a" never reaches the rules as a confusing error.
 */
export function numericOnly(value: unknown): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  const cleaned = value.replace(/[。．]/g, '.').replace(/[^\d.-]/g, '');
  const negative = cleaned.startsWith('-');
  const [whole = '', ...fraction] = cleaned.replace(/-/g, '').split('.');
  return `${negative ? '-' : ''}${whole}${fraction.length > 0 ? `.${fraction.join('')}` : ''}`;
}
