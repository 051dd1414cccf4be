/**
 * The order several paper invoices print in: by invoice code, then number — the order the pre-numbered
 * forms lie in the printer's tray. Main prints a run in this order and the print dialog previews it so.
 */
export interface NumberedInvoice {
  invoiceCode: string | null;
  invoiceNumber: string | null;
}

export const byInvoiceNumber = (a: NumberedInvoice, b: NumberedInvoice): number =>
  (a.invoiceCode ?? '').localeCompare(b.invoiceCode ?? '') || (a.invoiceNumber ?? '').localeCompare(b.invoiceNumber ?? '');
