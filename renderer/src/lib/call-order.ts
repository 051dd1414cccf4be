/**
 * The order of one loader's calls. The change feed may call a loader again before its last call has
 * answered (one burst, then another), and two reads need not answer in the order they were asked (a
 * team ledger serves them from a pool of connections). A store must never go back in time: once a
 * newer call's answer is shown, an older answer arriving late is dropped. An older answer is still
 * shown when no newer one has been (the newer call may yet fail, and then the older one is the truth
 * the desk has).
 *
 *   const dashboardCalls = callOrder();
 *   const answered = dashboardCalls.begin();
 *   const result = await …;
 *   if (!answered(result.ok)) return; // a newer answer is already on screen
 */
export interface CallOrder {
  /**
   * Starts a call. Its answer is recorded with `answered(shown)`: true when it may be shown (no newer
   * call's answer has been), and when `shown` (a success that reaches the store) it becomes the newest shown.
   */
  begin(): (shown: boolean) => boolean;
}

export function callOrder(): CallOrder {
  let begun = 0;
  let newestShown = 0;
  return {
    begin() {
      const mine = ++begun;
      return (shown) => {
        if (mine < newestShown) return false;
        if (shown) newestShown = mine;
        return true;
      };
    },
  };
}
