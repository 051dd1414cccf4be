/** Display helpers for history rows. Pure, so they are unit-tested without a browser. */

// Times as the clerk reads them everywhere (yyyy-MM-dd HH:mm): renderer/src/lib/format.ts.
export { formatDateTime } from '../../lib/format.js';

/** A money bound the history filter accepts (the same rule as the IPC schema). */
export const AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
