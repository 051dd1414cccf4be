/**
 * The tax-code lookup feature (商品和服务税收分类编码表): search by name, keyword or code for the invoice
 * form and the product library, the table's version for settings, and importing a newer table.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { TaxCode } from '../../../shared/ipc/schemas/tax-codes.js';
import type { TaxCodeEntry } from '../../../shared/tax-classification/table.js';
import { auditing } from '../audit/record.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { createTaxCodeTableStore } from './table-store.js';

export interface TaxCodesFeatureDeps extends Pick<FeatureDeps, 'dataDir' | 'ports' | 'now' | 'changes' | 'ledger'> {
  /** Folder of the data shipped with the app (resources/ in a checkout, the app's resources when packaged). */
  resourcesDir: string;
}

const toWire = (entry: TaxCodeEntry): TaxCode => ({
  code: entry.code,
  name: entry.name,
  shortName: entry.shortName,
  rates: entry.rates,
  description: entry.description,
});

export function createTaxCodesFeature(deps: TaxCodesFeatureDeps): Feature {
  const store = createTaxCodeTableStore({ resourcesDir: deps.resourcesDir, dataDir: deps.dataDir });
  return {
    name: 'tax-codes',
    registerIpc(plain) {
      // A new table changes every clerk's suggestions: the admin's import goes in the audit trail.
      const router = auditing(plain, deps, {
        'taxCodes:import': (answer) => (answer === null ? null : { action: 'taxCodes.imported', aggregate: 'tax_codes', detail: { version: answer.version, rows: answer.rows } }),
      });
      router.handle('taxCodes:search', ({ query, limit }) => ({ rows: store.index().search(query, limit).map(toWire) }));
      router.handle('taxCodes:info', () => store.info());
      router.handle('taxCodes:import', async ({ version }) => {
        if (!deps.ports.dialog) throw new IpcFailure('VALIDATION_FAILED', 'taxCodes.noDialog');
        const file = await deps.ports.dialog.chooseOpenPath([{ name: 'CSV', extensions: ['csv'] }]);
        if (file === null) return null;
        const imported = store.importFrom(file, version, deps.now());
        deps.changes.publish({ aggregate: 'taxCodes', action: 'replaced', ids: [], enterprise: null });
        return imported;
      });
    },
  };
}
