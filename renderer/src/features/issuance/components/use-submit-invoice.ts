import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { getApi } from '../../../lib/api.js';
import { reportFailure, reportSuccess, reportWarning } from '../../../lib/messages.js';
import { emptyForm, type FormCheck, type FormValues } from '../draft.js';
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
      // Ctrl+Enter held down, or a double click, must not queue the same invoice twice.
      if (store.submitting) return;
      store.setAttempted(true);
      if (check.errorCount > 0) {
        reportWarning(t('issuanceForm.fixErrors', { count: check.errorCount }));
        focusFirstError();
        return;
      }
      store.setSubmitting(true);
      const result = await getApi().issuance.submit(check.draft);
      store.setSubmitting(false);
      if (!result.ok) {
        reportFailure(result.error, 'issuance:submit');
        return;
      }
      store.upsertRecent(result.value);
      store.setLastSubmitted(result.value.lsh);
      store.setReviewOpen(false);
      reportSuccess(t('issuance.submitted', { lsh: result.value.lsh }));
      // A submitted draft is done with; its content now lives in the history.
      const { draftId } = useIssuanceStore.getState();
      if (draftId !== null) {
        void getApi().issuance.deleteDraft({ id: draftId });
        store.setDraft(null, null);
      }
      // The next invoice is usually by the same clerk, of the same type: keep those, clear the rest.
      const values = form.getFieldsValue(true) as FormValues;
      form.resetFields();
      form.setFieldsValue({ ...emptyForm(values.issuer), invoiceType: values.invoiceType });
      store.setAttempted(false);
      focusFirstField();
    },
    [form, focusFirstField, t],
  );
}
