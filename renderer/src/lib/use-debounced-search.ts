/**
 * Search as the clerk types: `schedule(query)` waits `delayMs` after the last key, then runs the lookup;
 * only the newest lookup's answer reaches `onResult` (an older answer arriving late must not replace a
 * newer one). `cancel()` drops the pending lookup and any answer still on its way (an emptied field must
 * not be refilled by the answer for the text it held before). Used by the library, template and tax-code
 * lookups of the form; the lookup itself is a feature action.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface DebouncedSearch {
  schedule(query: string): void;
  cancel(): void;
}

export function useDebouncedSearch<R>(run: (query: string) => Promise<R>, onResult: (result: R, query: string) => void, delayMs: number): DebouncedSearch {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  // The newest callbacks, so `schedule` stays the same function across renders.
  const callbacks = useRef({ run, onResult });
  callbacks.current = { run, onResult };
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    latest.current++;
  }, []);
  const schedule = useCallback(
    (query: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const ticket = ++latest.current;
        void callbacks.current.run(query).then((result) => {
          if (ticket === latest.current) callbacks.current.onResult(result, query);
        });
      }, delayMs);
    },
    [delayMs],
  );
  return useMemo(() => ({ schedule, cancel }), [schedule, cancel]);
}
