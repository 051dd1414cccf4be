/**
 * The form in progress belongs to the enterprise it was typed for (issue 23 point 2): on a switch of the
 * active enterprise the form is put aside under the enterprise it was for and the next one's is brought
 * back (or an empty form), with the saved draft each was bound to. Kept in memory for the session; the
 * saved drafts themselves are per enterprise in main.
 */
import type { FormInstance } from 'antd';
import { useRef } from 'react';
import { useEnterpriseSwitch } from '../../../lib/change-feed.js';
import { useAppStore } from '../../../app/store.js';
import type { FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';

interface Aside {
  values: FormValues;
  draftId: number | null;
  draftSavedAt: string | null;
}

const aside = new Map<string, Aside>();

export function useEnterpriseDrafts(form: FormInstance<FormValues>, initialValues: () => FormValues): void {
  const current = useRef<string | null>(null);
  current.current = useAppStore((s) => s.info?.seller.taxNumber ?? null);
  useEnterpriseSwitch((next) => {
    const previous = current.current;
    if (previous === next) return;
    const store = useIssuanceStore.getState();
    if (previous !== null) aside.set(previous, { values: form.getFieldsValue(true) as FormValues, draftId: store.draftId, draftSavedAt: store.draftSavedAt });
    current.current = next;
    const back = aside.get(next);
    aside.delete(next);
    form.resetFields();
    form.setFieldsValue(back?.values ?? initialValues());
    store.setDraft(back?.draftId ?? null, back?.draftSavedAt ?? null);
    store.setAttempted(false);
    store.setReviewOpen(false);
  });
}
