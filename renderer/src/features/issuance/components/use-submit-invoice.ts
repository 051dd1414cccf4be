import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitInvoice } from '../actions.js';
import { reportFailure, reportInfo, reportSuccess, reportWarning } from '../../../lib/messages.js';
import { emptyForm, type FormCheck, type FormValues } from '../draft.js';
import { findLibraryOffer, showLibraryOffer } from '../library-offer.js';
import { applyInvoiceUpdate } from './recent-submissions.js';
import { useIssuanceStore } from '../store.js';

/** Brings the first field with an error into view and puts the cursor in it. */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const item = document.querySelector<HTMLElement>('[data-testid="issuance-form"] .ant-form-item-has-error');
    item?.scrollIntoView({ block: 'center' });
    item?.querySelector<HTMLElement>('input, textarea, .ant-select-selector')?.focus();
  });
}

/**
 * Sends a checked form to main. Nothing with an error leaves the form (the rule book main runs again is
 * the same one); main answers as soon as the invoice is safely in the outbox (docs/architecture.md §5), and the
 * outcome arrives later as `issuance:updated`, which the recent-submissions list and history show.
 */
export function useSubmitInvoice(form: FormInstance<FormValues>, focusFirstField: () => void) {
  const { t } = useTranslation();
  return useCallback(
    async (check: FormCheck) => {
      const store = useIssuanceStore.getState();
      // Ctrl+Enter held down, or a double click, must not queue the same invoice twice — and says so,
      // because a key that does nothing visible makes a clerk press it again later.
      if (store.submitting) {
        reportInfo(t('issuanceForm.stillSubmitting'));
        return;
      }
      store.setAttempted(true);
      if (check.errorCount > 0) {
        reportWarning(t('issuanceForm.fixErrors', { count: check.errorCount }));
        focusFirstError();
        return;
      }
      store.setSubmitting(true);
      const result = await submitInvoice(check.draft, store.draftId);
      store.setSubmitting(false);
      if (!result.ok) {
        // DRAFT_AWAITING_REVIEW among them: main names the draft that waits for its 复核. A team ledger's
        // connection that dropped says what became of the invoice by its serial (issuance.notSaved: the form is
        // kept to submit again; issuance.outcomeUnknown: look it up first — that one stays until closed).
        reportFailure(result.error, 'issuance:submit', result.error.key === 'issuance.outcomeUnknown' ? { sticky: true } : {});
        return;
      }
      const { answerLost, ...invoice } = result.value;
      store.upsertRecent(invoice);
      const early = store.takeEarlyUpdate(invoice.lsh);
      if (early) applyInvoiceUpdate(early);
      store.setLastSubmitted(invoice.lsh);
      store.setReviewOpen(false);
      // Saved although the ledger's answer was lost on the way: said in its own words, and kept until closed, so
      // nobody submits it again.
      if (answerLost) reportWarning(t('issuance.submittedAnswerLost', { lsh: invoice.lsh }), { sticky: true });
      else reportSuccess(t('issuance.submitted', { lsh: invoice.lsh }));
      // A submitted draft is done with (main took it with the invoice); its content now lives in the history.
      if (useIssuanceStore.getState().draftId !== null) store.setDraft(null, null);
      // The next invoice is usually by the same clerk, of the same type: keep those, clear the rest.
      const values = form.getFieldsValue(true) as FormValues;
      form.resetFields();
      form.setFieldsValue({
        ...emptyForm(values.issuer),
        invoiceType: values.invoiceType,
        specialKind: values.specialKind,
        isAuto: values.isAuto,
        payee: values.payee,
        reviewer: values.reviewer,
      });
      store.setAttempted(false);
      focusFirstField();
      // New or changed buyer and goods are offered for the libraries (Alt+S) — after the form is free again.
      void findLibraryOffer(values).then(showLibraryOffer);
    },
    [form, focusFirstField, t],
  );
}
