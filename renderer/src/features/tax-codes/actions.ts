/** The tax-code lookup's calls to main; failures go through the one reporting place. */
import type { TaxCode, TaxCodeTableInfo } from '../../../../shared/ipc/schemas/tax-codes.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';

export async function searchTaxCodes(query: string): Promise<TaxCode[]> {
  const result = await getApi().taxCodes.search({ query, limit: 20 });
  if (result.ok) return result.value.rows;
  reportFailure(result.error, 'taxCodes:search');
  return [];
}

export async function loadTaxCodeInfo(): Promise<TaxCodeTableInfo | null> {
  const result = await getApi().taxCodes.info({});
  if (result.ok) return result.value;
  reportFailure(result.error, 'taxCodes:info');
  return null;
}

export async function importTaxCodes(version: string): Promise<TaxCodeTableInfo | null> {
  const result = await getApi().taxCodes.import({ version });
  if (!result.ok) {
    reportFailure(result.error, 'taxCodes:import');
    return null;
  }
  if (result.value) reportSuccess(i18n.t('taxCodes.imported', { version: result.value.version, rows: result.value.rows }));
  return result.value;
}
