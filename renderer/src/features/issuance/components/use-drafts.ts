/**
 * Drafts: save (Ctrl+S), list, open, delete, autosave of the draft being edited, and their 复核 (送复核, 通过,
 * 退回; docs/team-ledger.md §6). Autosave only writes to a draft the clerk already saved or opened, and only
 * after the clerk changed something in the form: typing never leaves a trail of drafts behind, and opening a
 * draft to look at it (a reviewer) never rewrites it. The list follows the change feed, so a draft sent,
 * approved or returned at another desk shows its new state here at once.
 */
import { useCallback, useEffect, useRef } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftSummary } from '../../../../../shared/ipc/index.js';
import { approveDraft, deleteDraft, listDrafts, loadDraft, requestDraftReview, returnDraft, saveDraft } from '../actions.js';
import { useChanges } from '../../../lib/change-feed.js';
import { reportFailure, reportWarning } from '../../../lib/messages.js';
import { formFromDraftContent } from '../draft-content.js';
import { useCheckStore } from '../check-store.js';
import type { FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';

const AUTOSAVE_MS = 3000;

export function useDrafts(form: FormInstance<FormValues>, issuer: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set by the form's onValuesChange (the clerk's own edits only), cleared when a draft is opened.
  const edited = useRef(false);
  const pendingOnly = useIssuanceStore((s) => s.draftsPendingOnly);

  const refresh = useCallback(async () => {
    const result = await listDrafts(useIssuanceStore.getState().draftsPendingOnly ? 'pending' : undefined);
    if (result.ok) useIssuanceStore.getState().setDrafts(result.value.rows);
  }, []);

  const save = useCallback(
    async (quiet: boolean) => {
      const values = form.getFieldsValue(true) as FormValues;
      const store = useIssuanceStore.getState();
      // Through JSON so that `undefined` members (untouched antd fields) never reach the contract's z.json().
      const content = JSON.parse(JSON.stringify(values)) as Parameters<typeof saveDraft>[0]['content'];
      const request = { invoiceType: values.invoiceType, buyerName: values.buyerName ?? '', total: useCheckStore.getState().check?.totals.total ?? '0.00', content };
      let result = await saveDraft({ ...request, ...(store.draftId === null ? {} : { id: store.draftId }) });
      // The draft was deleted meanwhile (another window, a submission): keep the clerk's work as a new one.
      if (!result.ok && result.error.code === 'NOT_FOUND') result = await saveDraft(request);
      if (!result.ok) {
        reportFailure(result.error, 'issuance:saveDraft');
        return;
      }
      store.setDraft(result.value.id, result.value.updatedAt);
      // A changed draft needs a new review: say so when it happens, autosave or not.
      if (result.value.reviewReset) reportWarning(t('draftReview.reset', { id: result.value.id }));
      else if (!quiet) void message.success(t('issuanceForm.draftSaved'));
      void refresh();
    },
    [form, message, refresh, t],
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
      edited.current = false;
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

  /** 送复核 / 通过 / 退回: one answer shape (the draft as it is now), one way to report it. */
  const review = useCallback(
    async (step: 'request' | 'approve' | 'return', draft: DraftSummary, note = ''): Promise<boolean> => {
      const requestedAt = draft.review.requestedAt ?? '';
      const result =
        step === 'request' ? await requestDraftReview(draft.id) : step === 'approve' ? await approveDraft(draft.id, requestedAt) : await returnDraft(draft.id, requestedAt, note);
      void refresh();
      if (!result.ok) {
        reportFailure(result.error, step === 'request' ? 'issuance:requestReview' : step === 'approve' ? 'issuance:approveDraft' : 'issuance:returnDraft');
        return false;
      }
      void message.success(t(`draftReview.${step === 'request' ? 'requested' : step === 'approve' ? 'approved' : 'returned'}`, { id: draft.id }));
      return true;
    },
    [message, refresh, t],
  );

  useEffect(() => {
    void refresh();
  }, [refresh, pendingOnly]);
  // Sent, approved, returned, saved or taken at this desk or another one of the team.
  useChanges(['draft'], () => void refresh());

  // Autosave: every change restarts the wait; the form's check changes exactly when its values do. Followed
  // by subscription, not by render: the form around this hook does not render again for each keystroke.
  useEffect(() => {
    const unsubscribe = useCheckStore.subscribe((state, previous) => {
      if (state.check === previous.check || state.check === null) return;
      if (useIssuanceStore.getState().draftId === null || !edited.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(true), AUTOSAVE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [save]);

  const markEdited = useCallback(() => {
    edited.current = true;
  }, []);

  return { save, open, remove, refresh, review, markEdited };
}
