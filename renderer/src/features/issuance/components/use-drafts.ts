/**
 * Drafts: save (Ctrl+S), list, open, delete, and autosave of the draft being edited. Autosave only
 * writes to a draft the clerk already saved or opened, so typing never leaves a trail of drafts behind.
 */
import { useCallback, useEffect, useRef } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteDraft, listDrafts, loadDraft, saveDraft } from '../actions.js';
import { reportFailure } from '../../../lib/messages.js';
import { formFromDraftContent } from '../draft-content.js';
import type { FormCheck, FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';

const AUTOSAVE_MS = 3000;

export function useDrafts(form: FormInstance<FormValues>, check: FormCheck | null, issuer: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(async () => {
    const result = await listDrafts();
    if (result.ok) useIssuanceStore.getState().setDrafts(result.value.rows);
  }, []);

  const save = useCallback(
    async (quiet: boolean) => {
      const values = form.getFieldsValue(true) as FormValues;
      const store = useIssuanceStore.getState();
      // Through JSON so that `undefined` members (untouched antd fields) never reach the contract's z.json().
      const content = JSON.parse(JSON.stringify(values)) as Parameters<typeof saveDraft>[0]['content'];
      const request = { invoiceType: values.invoiceType, buyerName: values.buyerName ?? '', total: check?.totals.total ?? '0.00', content };
      let result = await saveDraft({ ...request, ...(store.draftId === null ? {} : { id: store.draftId }) });
      // The draft was deleted meanwhile (another window, a submission): keep the clerk's work as a new one.
      if (!result.ok && result.error.code === 'NOT_FOUND') result = await saveDraft(request);
      if (!result.ok) {
        reportFailure(result.error, 'issuance:saveDraft');
        return;
      }
      store.setDraft(result.value.id, result.value.updatedAt);
      if (!quiet) void message.success(t('issuanceForm.draftSaved'));
      void refresh();
    },
    [check, form, message, refresh, t],
  );

  const open = useCallback(
    async (id: number) => {
      const result = await loadDraft(id);
      if (!result.ok) {
        reportFailure(result.error, 'issuance:loadDraft');
        return;
      }
      form.resetFields();
      form.setFieldsValue(formFromDraftContent(result.value.content, issuer));
      useIssuanceStore.getState().setDraft(id, result.value.updatedAt);
      useIssuanceStore.getState().setAttempted(false);
      void message.success(t('issuanceForm.draftLoaded'));
    },
    [form, issuer, message, t],
  );

  const remove = useCallback(
    async (id: number) => {
      const result = await deleteDraft(id);
      if (!result.ok) {
        reportFailure(result.error, 'issuance:deleteDraft');
        return;
      }
      if (useIssuanceStore.getState().draftId === id) useIssuanceStore.getState().setDraft(null, null);
      void message.success(t('issuanceForm.draftDeleted'));
      void refresh();
    },
    [message, refresh, t],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Autosave: every change restarts the wait; the form's check object changes exactly when values do.
  useEffect(() => {
    if (useIssuanceStore.getState().draftId === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => clearTimeout(timer.current);
  }, [check, save]);

  return { save, open, remove, refresh };
}
