/**
 * The issuance form for all seven invoice types. Every value change runs the shared rule book
 * (checkForm → shared/rules/issuance-form, the same main runs before queueing); each issue shows on its
 * field, and nothing with an error is sent.
 *
 * Test ids (N is the 0-based line index): issuance-form, invoice-type, special-kind, is-auto, buyer-name,
 * buyer-tax-number, buyer-address, buyer-phone, buyer-bank, buyer-account, line-N (row, data-kind),
 * line-N-name, line-N-tax-code, line-N-specification, line-N-unit, line-N-quantity, line-N-unit-price,
 * line-N-discount, line-N-rate, line-N-amount, line-N-tax, line-N-add-discount, line-N-more, line-N-remove,
 * line-N-special-levy (options levy-option-normal, levy-option-1…6), line-N-preferential-policy, deduction,
 * add-line, specific-business, specificBusiness-<member>-<i>-<field>, hwysfw-add, lkysfw-add, issuer,
 * payee, reviewer, push-email, push-phone, remark, total-amount, total-tax, total-net, total-in-words,
 * error-<path> / warning-<path> (a field's message), issue-summary, save-draft, drafts, preview,
 * submit-invoice, review, review-confirm, last-submitted-lsh.
 */
import { useEnterpriseDrafts } from './use-enterprise-drafts.js';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Button, Divider, Flex, Form, Space, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Seller } from '../../../../../shared/rules/issuance-form/index.js';
import { useAppStore } from '../../../app/store.js';
import { useClerksStore } from '../../clerks/actions.js';
import { checkForm, emptyForm, type FormValues } from '../draft.js';
import { ruleIssueText } from '../../../lib/rule-text.js';
import { useCheckStore } from '../check-store.js';
import { loadClerkDefaults } from '../clerk-defaults.js';
import { useIssuanceStore } from '../store.js';
import { BuyerSection } from './buyer-section.js';
import { formFromDraftContent } from '../draft-content.js';
import { DraftsMenu } from './drafts-menu.js';
import { TemplatesMenu } from './templates-menu.js';
import { ExtraFields } from './extra-fields.js';
import { FormChecker, IssueSummary } from './form-check.js';
import { InvoiceLines, lineOperations } from './invoice-lines.js';
import { InvoiceOptions } from './invoice-options.js';
import { focusTestId, leaveClosedSelect, lineIndexOf, moveToNextField, shortcutOf } from './keyboard.js';
import { ReviewModal } from './review-modal.js';
import { SpecificBusinessSection } from './specific-business.js';
import { TotalsBar } from './totals-bar.js';
import { useDrafts } from './use-drafts.js';
import { focusFirstError, useSubmitInvoice } from './use-submit-invoice.js';

/** Until app:info answers, the rules still run; the seller is filled in by main anyway. */
const PENDING_SELLER: Seller = { taxNumber: '000000000000000000', name: '—' };

export function IssuanceForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const buyerRef = useRef<InputRef>(null);
  const defaultIssuer = useAppStore((s) => s.info?.issuer ?? '');
  // A signed-in clerk is the 开票人 (issue 24 point 5), over what this page last remembered.
  const clerkName = useClerksStore((s) => s.session?.clerk?.name ?? null);
  const seller = useAppStore((s) => s.info?.seller) ?? PENDING_SELLER;
  const submitting = useIssuanceStore((s) => s.submitting);
  const lastSubmittedLsh = useIssuanceStore((s) => s.lastSubmittedLsh);
  // No watch of the values here: this component renders again only when the clerk, the seller or the store
  // changes, never for a keystroke (FormChecker checks the values; each field follows its own issues).

  // The clerk's own defaults (type, issuer, payee, reviewer) from last time, over the app's.
  const initialValues = useMemo(() => ({ ...emptyForm(defaultIssuer), ...loadClerkDefaults(), ...(clerkName ? { issuer: clerkName } : {}) }), [defaultIssuer, clerkName]);

  // By test id, retried until rendered: resetFields after a submission remounts the fields, so a ref
  // taken before the reset points at an input that is gone.
  const focusFirstField = useCallback(() => focusTestId('buyer-name'), []);
  // A form mounted afresh (the app shell mounts again after a sign-in) is empty and bound to no draft: a binding
  // kept from the clerk before would autosave the next clerk's typing over that draft (and reset its 复核).
  useEffect(() => {
    useIssuanceStore.getState().setDraft(null, null);
    useIssuanceStore.getState().setAttempted(false);
  }, []);
  const submit = useSubmitInvoice(form, focusFirstField);
  const drafts = useDrafts(form, defaultIssuer);
  useEnterpriseDrafts(form, () => initialValues);

  // app:info usually answers after the first render; fill the issuer then, unless the clerk typed one.
  useEffect(() => {
    if (defaultIssuer && !form.getFieldValue('issuer')) form.setFieldsValue({ issuer: clerkName ?? loadClerkDefaults().issuer ?? defaultIssuer });
  }, [defaultIssuer, clerkName, form]);
  // The buyer first — unless the form opens with a repeated invoice or a template, which puts the cursor
  // on its first quantity instead (the effect below).
  useEffect(() => {
    if (useIssuanceStore.getState().incoming === null) focusFirstField();
  }, [focusFirstField]);

  // 再开一张 or a template: take the content over once, as a new invoice (no draft), cursor where asked.
  const incoming = useIssuanceStore((s) => s.incoming);
  useEffect(() => {
    if (!incoming) return;
    const store = useIssuanceStore.getState();
    store.setIncoming(null);
    // The people are this desk's clerk, not whoever issued the original.
    const current = form.getFieldsValue(true) as Partial<FormValues>;
    const people = { issuer: current.issuer ?? defaultIssuer, payee: current.payee ?? '', reviewer: current.reviewer ?? '' };
    form.resetFields();
    form.setFieldsValue({ ...formFromDraftContent(incoming.content, people.issuer), ...people });
    store.setDraft(null, null);
    store.setAttempted(false);
    focusTestId(incoming.focus, { select: true });
  }, [incoming, form, defaultIssuer]);

  // Checked from the form's values at this moment, not from the watched copy: Ctrl+Enter pressed right
  // after the last keystroke used to meet a check one render behind (or none yet) and do nothing.
  const doSubmit = () => {
    void submit(checkForm(form.getFieldsValue(true) as FormValues, seller, ruleIssueText));
  };
  const preview = () => {
    useIssuanceStore.getState().setAttempted(true);
    const check = useCheckStore.getState().check;
    if (check && check.errorCount > 0) focusFirstError();
    useIssuanceStore.getState().setReviewOpen(true);
  };

  return (
    <>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        data-testid="issuance-form"
        onValuesChange={drafts.markEdited}
        onKeyDownCapture={(event) => {
          if (leaveClosedSelect(event)) return;
          const shortcut = shortcutOf(event);
          if (shortcut === null) return;
          event.preventDefault();
          event.stopPropagation();
          const ops = lineOperations(form);
          const line = lineIndexOf(event.target);
          if (shortcut === 'submit') doSubmit();
          else if (shortcut === 'addLine') ops.add();
          else if (shortcut === 'deleteLine' && line !== null) ops.remove(line);
          else if (shortcut === 'addDiscount' && line !== null) ops.addDiscount(line);
          else if (shortcut === 'saveDraft') void drafts.save(false);
          else if (shortcut === 'templates') focusTestId('template-search');
        }}
        onKeyDown={moveToNextField}
      >
        <FormChecker seller={seller} />
        <InvoiceOptions />
        <BuyerSection nameRef={buyerRef} />
        <Divider style={{ margin: '8px 0 12px' }} />
        <InvoiceLines />
        <SpecificBusinessSection />
        <ExtraFields />
        <Divider style={{ margin: '8px 0 12px' }} />
        <TotalsBar />
        <IssueSummary />
        <Flex justify="space-between" align="center" style={{ marginTop: 16 }} gap={16} wrap>
          <Space wrap>
            <DraftsMenu
              onSave={() => void drafts.save(false)}
              onOpen={(id) => void drafts.open(id)}
              onDelete={(id) => void drafts.remove(id)}
              onReview={drafts.review}
            />
            <TemplatesMenu form={form} />
          </Space>
          <Space>
            <Button size="large" data-testid="preview" onClick={preview}>
              {t('issuanceForm.preview')}
            </Button>
            <Button type="primary" size="large" loading={submitting} data-testid="submit-invoice" onClick={doSubmit}>
              {t('app.withKey', { label: t('issuance.submit'), key: 'Ctrl+Enter' })}
            </Button>
          </Space>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }} data-testid="shortcuts">
          {t('issuanceForm.shortcuts')}
          {lastSubmittedLsh && (
            <>
              {' · '}
              {t('issuance.lastSubmitted')}
              <span data-testid="last-submitted-lsh">{lastSubmittedLsh}</span>
            </>
          )}
        </Typography.Paragraph>
      </Form>
      <ReviewModal onConfirm={doSubmit} />
    </>
  );
}
