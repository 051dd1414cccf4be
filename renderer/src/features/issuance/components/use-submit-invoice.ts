import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvoiceDraft } from '../../../../../shared/ipc/schemas/issuance.js';
import { getApi } from '../../../lib/api.js';
import { reportFailure, reportSuccess, reportWarning } from '../../../lib/messages.js';
import { useIssuanceStore } from '../store.js';
import { fieldErrorsFromFailure, fieldErrorsFromIssues, toDraft, type FormValues } from '../draft.js';

/**
 * Sends a validated form to main. Main answers as soon as the invoice is safely in the outbox
 * (DESIGN.md §5); the outcome arrives later as `issuance:updated` events that the history view shows.
 */
export function useSubmitInvoice(form: FormInstance<FormValues>, focusFirstField: () => void) {
  const { t } = useTranslation();
  return useCallback(
    async (values: FormValues) => {
      const store = useIssuanceStore.getState();
      // Ctrl+Enter held down, or a double click, must not queue the same invoice twice.
      if (store.submitting) return;

      const draft = toDraft(values);
      // The per-field rules have passed; this catches what they cannot see (e.g. too many lines).
      const parsed = InvoiceDraft.safeParse(draft);
      if (!parsed.success) {
        form.setFields(fieldErrorsFromIssues(parsed.error.issues).fields);
        reportWarning(t('issuance.fixErrors'));
        return;
      }

      store.setSubmitting(true);
      const result = await getApi().issuance.submit(draft);
      store.setSubmitting(false);

      if (result.ok) {
        store.setLastSubmitted(result.value.lsh);
        reportSuccess(t('issuance.submitted', { lsh: result.value.lsh }));
        // The next invoice is usually by the same clerk: keep the issuer, clear the rest.
        form.resetFields();
        form.setFieldsValue({ issuer: values.issuer });
        focusFirstField();
        return;
      }
      reportFailure(result.error, 'issuance:submit');
      form.setFields(fieldErrorsFromFailure(result.error).fields);
    },
    [form, focusFirstField, t],
  );
}
