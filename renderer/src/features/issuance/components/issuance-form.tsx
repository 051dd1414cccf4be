/**
 * The issuance form for an electronic general invoice (fplxdm 026).
 *
 * Test ids (for Playwright; N is the 0-based line index):
 *   issuance-form, buyer-name, issuer, seller-name, seller-tax-number,
 *   line-N (row), line-N-name, line-N-tax-code, line-N-quantity, line-N-unit-price,
 *   line-N-rate (the Select; options carry rate-option-0.13 … rate-option-0.00),
 *   line-N-amount, line-N-tax, line-N-net (computed), line-N-remove, add-line,
 *   total-amount (价税合计), total-tax (税额合计), total-net, submit-invoice,
 *   last-submitted-lsh (after a successful submission).
 */
import { useCallback, useEffect, useRef } from 'react';
import { Button, Col, Divider, Flex, Form, Input, Row, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.js';
import { useIssuanceStore } from '../store.js';
import { emptyForm, fieldSchemas, type FormValues } from '../draft.js';
import { InvoiceLines } from './invoice-lines.js';
import { isSubmitShortcut, moveToNextField } from './keyboard.js';
import { TotalsBar } from './totals-bar.js';
import { useSubmitInvoice } from './use-submit-invoice.js';
import { zodRule } from './zod-rule.js';

export function IssuanceForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const buyerRef = useRef<InputRef>(null);
  const defaultIssuer = useAppStore((s) => s.info?.issuer ?? '');
  const submitting = useIssuanceStore((s) => s.submitting);
  const lastSubmittedLsh = useIssuanceStore((s) => s.lastSubmittedLsh);

  const focusFirstField = useCallback(() => buyerRef.current?.focus(), []);
  const submit = useSubmitInvoice(form, focusFirstField);

  // app:info usually answers after the first render; fill the issuer then, unless the clerk typed one.
  useEffect(() => {
    if (defaultIssuer && !form.getFieldValue('issuer')) form.setFieldsValue({ issuer: defaultIssuer });
  }, [defaultIssuer, form]);

  useEffect(focusFirstField, [focusFirstField]);

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={emptyForm(defaultIssuer)}
      onFinish={submit}
      scrollToFirstError={{ focus: true, block: 'center' }}
      validateTrigger={['onBlur', 'onChange']}
      data-testid="issuance-form"
      onKeyDownCapture={(event) => {
        if (!isSubmitShortcut(event)) return;
        event.preventDefault();
        event.stopPropagation();
        form.submit();
      }}
      onKeyDown={moveToNextField}
    >
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="buyerName" label={t('issuance.buyerName')} rules={[zodRule(fieldSchemas.buyerName)]}>
            <Input ref={buyerRef} data-testid="buyer-name" placeholder={t('issuance.buyerNamePlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="issuer" label={t('issuance.issuer')} rules={[zodRule(fieldSchemas.issuer)]}>
            <Input data-testid="issuer" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <InvoiceLines />
      <Divider />
      <TotalsBar />
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {t('issuance.submitHint')}
          {lastSubmittedLsh && (
            <>
              {' · '}
              {t('issuance.lastSubmitted')}
              <span data-testid="last-submitted-lsh">{lastSubmittedLsh}</span>
            </>
          )}
        </Typography.Text>
        <Button type="primary" htmlType="submit" size="large" loading={submitting} data-testid="submit-invoice">
          {t('issuance.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
