/**
 * After an invoice is submitted: the buyer and the goods typed on the form that the libraries do not
 * have yet — or have with other details — are offered for saving with one key (Alt+S, or the button in
 * the notice), so the next invoice for them is picked, not typed. Nothing is saved without the clerk's
 * key; the notice stays until acted on or closed.
 */
import { createElement } from 'react';
import { Button } from 'antd';
import type { Customer, Product } from '../../../../shared/ipc/schemas/libraries.js';
import { i18n } from '../../app/i18n.js';
import { notify, reportFailure, reportSuccess } from '../../lib/messages.js';
import { saveLibraryEntry, searchLibrary } from './actions.js';
import type { FormLine, FormValues } from './draft.js';

const NOTICE_KEY = 'library-offer';
const trimmed = (text: string | undefined) => (text ?? '').trim();

export interface LibraryOffer {
  customers: Customer[];
  products: Product[];
  /** How many of them update an entry the library already has. */
  changed: number;
}

function customerOf(values: FormValues): Customer {
  const customer: Customer = { name: trimmed(values.buyerName) };
  const fields = { taxNumber: values.buyerTaxNumber, address: values.buyerAddress, phone: values.buyerPhone, bank: values.buyerBank, account: values.buyerAccount } as const;
  for (const [key, value] of Object.entries(fields)) if (trimmed(value) !== '') customer[key as keyof typeof fields] = trimmed(value);
  return customer;
}

function productOf(line: FormLine): Product {
  const product: Product = { name: trimmed(line.name), taxCode: trimmed(line.taxCode), rate: line.rate };
  if (trimmed(line.specification)) product.specification = trimmed(line.specification);
  if (trimmed(line.unit)) product.unit = trimmed(line.unit);
  if (trimmed(line.unitPrice)) product.unitPrice = trimmed(line.unitPrice);
  return product;
}

const differs = <T extends object>(wanted: T, held: T) =>
  Object.entries(wanted).some(([key, value]) => key !== 'id' && value !== undefined && value !== (held as Record<string, unknown>)[key]);

/** What the libraries lack or hold differently, from the form as it was submitted. */
export async function findLibraryOffer(values: FormValues): Promise<LibraryOffer> {
  const offer: LibraryOffer = { customers: [], products: [], changed: 0 };
  const customer = customerOf(values);
  if (customer.name !== '') {
    const found = await searchLibrary('customers', { query: customer.taxNumber ?? customer.name, limit: 20 });
    if (found.ok) {
      const rows = found.value.rows as Customer[];
      const held = rows.find((row) => (customer.taxNumber ? row.taxNumber === customer.taxNumber : row.name === customer.name));
      if (!held) offer.customers.push(customer);
      else if (differs(customer, held)) {
        offer.customers.push({ ...customer, id: held.id });
        offer.changed++;
      }
    }
  }
  const seen = new Set<string>();
  for (const line of values.lines ?? []) {
    if (line.kind === 'discount' || !/^\d{19}$/.test(trimmed(line.taxCode)) || trimmed(line.name) === '') continue;
    const product = productOf(line);
    const identity = `${product.name}\u0000${product.specification ?? ''}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const found = await searchLibrary('products', { query: product.name, limit: 20 });
    if (!found.ok) continue;
    const held = (found.value.rows as Product[]).find((row) => row.name === product.name && (row.specification ?? '') === (product.specification ?? ''));
    if (!held) offer.products.push(product);
    else if (differs(product, held)) {
      offer.products.push({ ...product, id: held.id });
      offer.changed++;
    }
  }
  return offer;
}

let removeKeyListener: (() => void) | undefined;

function closeOffer(): void {
  removeKeyListener?.();
  removeKeyListener = undefined;
  notify.destroy(NOTICE_KEY);
}

async function saveOffer(offer: LibraryOffer): Promise<void> {
  closeOffer();
  let saved = 0;
  for (const entry of [...offer.customers.map((e) => ['customers', e] as const), ...offer.products.map((e) => ['products', e] as const)]) {
    const result = await saveLibraryEntry(entry[0], entry[1]);
    if (result.ok) saved++;
    else reportFailure(result.error, `${entry[0]}:save`);
  }
  if (saved > 0) reportSuccess(i18n.t('issuanceForm.libraryOfferSaved', { count: saved }));
}

/** Shows the offer (when there is anything to offer) and arms Alt+S until it is acted on or closed. */
export function showLibraryOffer(offer: LibraryOffer): void {
  closeOffer();
  const fresh = offer.customers.length + offer.products.length - offer.changed;
  if (fresh + offer.changed === 0) return;
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saveOffer(offer);
    }
  };
  window.addEventListener('keydown', onKey, true);
  removeKeyListener = () => window.removeEventListener('keydown', onKey, true);
  const names = [...offer.customers.map((c) => c.name), ...offer.products.map((p) => p.name)].join('、');
  notify.open({
    key: NOTICE_KEY,
    title: i18n.t('issuanceForm.libraryOfferTitle'),
    description: i18n.t('issuanceForm.libraryOfferBody', { fresh, changed: offer.changed, names }),
    duration: 0,
    placement: 'bottomRight',
    onClose: closeOffer,
    actions: createElement(Button, { type: 'primary', size: 'small', 'data-testid': 'library-offer-save', onClick: () => void saveOffer(offer) }, i18n.t('issuanceForm.libraryOfferSave')),
    props: { 'data-testid': 'library-offer' },
  });
}
