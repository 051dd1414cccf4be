/**
 * The form's rule book run (checkForm on every value change) and what shows its whole answer: the summary of
 * errors and warnings under the totals. Both live apart from IssuanceForm so that a keystroke renders these
 * small components and the fields it touched, not the form (check-store.ts).
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Seller } from '../../../../../shared/rules/issuance-form/index.js';
import { ruleIssueText } from '../../../lib/rule-text.js';
import { setFormCheck, useCheckStore } from '../check-store.js';
import { saveClerkDefaults } from '../clerk-defaults.js';
import { checkForm, type FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';

const SUMMARY_LIMIT = 8;

/** Renders nothing: watches every value, checks them, and keeps the clerk's own defaults for next time. */
export function FormChecker({ seller }: { seller: Seller }) {
  const { i18n } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const values = Form.useWatch([], { form, preserve: true }) as FormValues | undefined;
  const check = useMemo(() => (values ? checkForm(values, seller, ruleIssueText) : null), [values, seller, i18n.language]);
  // Before paint, so the fields' messages and the totals show with the keystroke that changed them.
  useLayoutEffect(() => setFormCheck(check), [check]);
  useLayoutEffect(() => () => setFormCheck(null), []);
  // The clerk's own defaults (type, issuer, payee, reviewer), remembered for the next form.
  useEffect(() => {
    if (values) saveClerkDefaults(values);
  }, [values?.invoiceType, values?.specialKind, values?.isAuto, values?.issuer, values?.payee, values?.reviewer]);
  return null;
}

/** After a first attempt to submit, the errors in one list (the first few); otherwise the warnings in a line. */
export function IssueSummary() {
  const { t } = useTranslation();
  const attempted = useIssuanceStore((s) => s.attempted);
  const check = useCheckStore((state) => state.check);
  const errors = check ? [...check.byPath.values()].flatMap((issues) => issues.errors) : [];
  const warnings = check ? [...check.byPath.values()].flatMap((issues) => issues.warnings) : [];
  if (attempted && errors.length > 0) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginTop: 12 }}
        data-testid="issue-summary"
        message={t('issuanceForm.fixErrors', { count: errors.length })}
        description={
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {errors.slice(0, SUMMARY_LIMIT).map((message, index) => (
              <li key={index}>{message}</li>
            ))}
            {errors.length > SUMMARY_LIMIT && <li>…</li>}
          </ul>
        }
      />
    );
  }
  if (errors.length === 0 && warnings.length > 0) return <Alert type="warning" showIcon style={{ marginTop: 12 }} data-testid="warning-summary" message={warnings.join('；')} />;
  return null;
}
