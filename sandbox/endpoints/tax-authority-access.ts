/**
 * The seeded tax authority as the intake endpoints (recognition, verification) read it: the input side's
 * stores, prepared once per sandbox database (tax-authority/input-stores.ts).
 */
import type { SandboxContext } from '../context.js';
import { inputStoresFor } from '../tax-authority/input-stores.js';
import type { TaxAuthorityReader } from '../tax-authority/types.js';

export function taxAuthorityOf(context: SandboxContext): TaxAuthorityReader {
  return inputStoresFor(context.db).taxAuthority;
}
