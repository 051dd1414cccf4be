/**
 * The red flows end with a word to the clerk, wherever they are in the app: a red-letter form that got
 * its number (or was refused), and a red invoice that was issued (or failed). Follows `reversal:formUpdated`
 * and `issuance:updated`; mounted once by the app shell.
 */
import { useEffect } from 'react';
import type { InvoiceSummary, IpcError, RedLetterFormSummary } from '../../../../shared/ipc/index.js';
import { i18n } from '../../app/i18n.js';
import { errorText, notify } from '../../lib/messages.js';
import { onFormUpdated, onInvoiceUpdated } from './actions.js';

/**
 * What a form has to say beyond its state: a note main sent by key (waiting to retry, the red invoice not
 * queued), worded here; or text that is data — the service's own refusal, a note an older version stored.
 */
export function formMessage(form: Pick<RedLetterFormSummary, 'error' | 'note'>): string | null {
  if (form.note) {
    const { note } = form;
    const reason = note.cause ? errorText({ ...note.cause, code: note.cause.code as IpcError['code'], message: note.detail }) : note.detail;
    return i18n.t(`reversal.note.${note.key}`, { reason });
  }
  return form.error;
}

/** The number a clerk reads on the form: 信息表编号 (xxbbh); a digital form's ID only when it has no number. */
export const formNumberOf = (form: Pick<RedLetterFormSummary, 'xxbbh' | 'xxbid'>): string | null => form.xxbbh ?? form.xxbid ?? null;

function formNotice(form: RedLetterFormSummary, seen: Map<number, string>): void {
  if (seen.get(form.id) === form.status) return;
  seen.set(form.id, form.status);
  if (form.status === 'approved') {
    notify.open({
      type: 'success',
      key: `form-${form.id}`,
      title: i18n.t('reversal.notice.formApproved'),
      description: i18n.t('reversal.notice.formApprovedBody', { number: formNumberOf(form) ?? '', amount: form.amount }),
      placement: 'bottomRight',
    });
  } else if (form.status === 'rejected' || form.status === 'failed') {
    notify.open({
      type: 'error',
      key: `form-${form.id}`,
      title: i18n.t('reversal.notice.formRefused'),
      description: formMessage(form) ?? '',
      placement: 'bottomRight',
      duration: 0,
    });
  }
}

function redInvoiceNotice(invoice: InvoiceSummary, seen: Map<string, string>): void {
  // A red invoice is the one with a negative total; blue ones are announced by the issuance form.
  if (!invoice.total.startsWith('-') || seen.get(invoice.lsh) === invoice.status) return;
  seen.set(invoice.lsh, invoice.status);
  if (invoice.status === 'issued') {
    notify.open({
      type: 'success',
      key: `red-${invoice.lsh}`,
      title: i18n.t('reversal.notice.redIssued'),
      description: i18n.t('reversal.notice.redIssuedBody', { number: invoice.invoiceNumber ?? '', total: invoice.total, buyer: invoice.buyerName }),
      placement: 'bottomRight',
    });
  } else if (invoice.status === 'failed') {
    notify.open({
      type: 'error',
      key: `red-${invoice.lsh}`,
      title: i18n.t('reversal.notice.redFailed'),
      description: invoice.error ?? '',
      placement: 'bottomRight',
      duration: 0,
    });
  }
}

export function useReversalNotices(): void {
  useEffect(() => {
    const forms = new Map<number, string>();
    const reds = new Map<string, string>();
    const stopForms = onFormUpdated((form) => formNotice(form, forms));
    const stopInvoices = onInvoiceUpdated((invoice) => redInvoiceNotice(invoice, reds));
    return () => {
      stopForms();
      stopInvoices();
    };
  }, []);
}
