/**
 * The order of one loader's calls. The change feed may call a loader again before its last call has
 * answered (one burst, then another), and two reads need not answer in the order they were asked (a
 * team ledger serves them from a pool of connections): only the newest call's answer may reach the
 * store, or an older answer arriving late puts back what the newer read had already replaced.
 *
 *   const dashboardCalls = callOrder();
 *   const isNewest = dashboardCalls.begin();
 *   const result = await …;
 *   if (!isNewest()) return; // a newer call is on its way; its answer is the one to show
 */
export interface CallOrder {
  /** Starts a call; the function answers whether it is still the newest one begun. */
  begin(): () => boolean;
}

export function callOrder(): CallOrder {
  let last = 0;
  return {
    begin() {
      const mine = ++last;
      return () => mine === last;
    },
  };
}
