/**
 * The rule book's answer (checkForm) for the issuance form as it is now, in a store of its own rather than a
 * context at the form's top: each field subscribes to its own path's issues, so a keystroke re-renders the
 * fields whose messages changed (and the totals), not the whole form — a full render of every antd field took
 * tens of milliseconds a key on a clerk's slow PC.
 */
import { useRef } from 'react';
import { create } from 'zustand';
import type { FieldIssues, FormCheck } from './draft.js';

interface CheckState {
  check: FormCheck | null;
}

export const useCheckStore = create<CheckState>(() => ({ check: null }));

export function setFormCheck(check: FormCheck | null): void {
  useCheckStore.setState({ check });
}

const NONE: FieldIssues = { errors: [], warnings: [] };

const sameMessages = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((message, index) => message === b[index]);

/** A path's issues (`lines.2.quantity`, `lines`): the same object for as long as its messages stay the same. */
export function usePathIssues(path: string): FieldIssues {
  const last = useRef<FieldIssues>(NONE);
  return useCheckStore((state) => {
    const next = state.check?.byPath.get(path) ?? NONE;
    const previous = last.current;
    if (sameMessages(previous.errors, next.errors) && sameMessages(previous.warnings, next.warnings)) return previous;
    last.current = next;
    return next;
  });
}
