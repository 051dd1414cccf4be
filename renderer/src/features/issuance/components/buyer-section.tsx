/**
 * The buyer: picked from the customer library by name or tax ID (either field searches), or typed in
 * as a new buyer. Which fields are required follows the invoice type (the rule book marks them).
 */
import { AutoComplete, Checkbox, Col, Form, Input, Row, Typography, type InputRef } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../../shared/ipc/schemas/libraries.js';
import { BUYER_DETAILS_REQUIRED_TYPES, BUYER_TAX_ID_REQUIRED_TYPES, DIGITAL_INVOICE_TYPES } from '../../../../../shared/spec/codes.js';
import type { FormValues } from '../draft.js';
import { useIssuanceStore } from '../store.js';
import { Field } from './field.js';
import { firstEmptyField, focusTestId } from './keyboard.js';
import { useLibrarySearch } from './use-library-search.js';

const optionsOf = (rows: Customer[]) =>
  rows.map((row, index) => ({
    value: String(index),
    label: (
      <span data-testid={`customer-option-${index}`}>
        {row.name}
        {row.taxNumber ? <Typography.Text type="secondary"> · {row.taxNumber}</Typography.Text> : null}
      </span>
    ),
  }));

export function BuyerSection({ nameRef }: { nameRef: Ref<InputRef> }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const invoiceType = Form.useWatch('invoiceType', { form, preserve: true });
  const librariesAvailable = useIssuanceStore((s) => s.librariesAvailable);
  const { rows, search } = useLibrarySearch('customers');
  const needsTaxId = invoiceType !== undefined && BUYER_TAX_ID_REQUIRED_TYPES.includes(invoiceType);
  const needsDetails = invoiceType !== undefined && BUYER_DETAILS_REQUIRED_TYPES.includes(invoiceType);
  const digital = invoiceType !== undefined && DIGITAL_INVOICE_TYPES.includes(invoiceType);

  const pick = (value: string) => {
    const customer = rows[Number(value)];
    if (!customer) return;
    const current = form.getFieldsValue(true) as FormValues;
    form.setFieldsValue({
      buyerName: customer.name,
      buyerTaxNumber: customer.taxNumber ?? '',
      buyerAddress: customer.address ?? '',
      buyerPhone: customer.phone ?? '',
      buyerBank: customer.bank ?? '',
      buyerAccount: customer.account ?? '',
      // The customer's usual delivery, unless the clerk already typed one for this invoice.
      push: { email: current.push.email || (customer.email ?? ''), phone: current.push.phone || (customer.mobile ?? '') },
    });
    // On to the first line once the buyer is complete, to what is still missing otherwise.
    requestAnimationFrame(() => focusTestId(firstEmptyField(['buyer-tax-number', 'line-0-name']) ?? 'line-0-quantity'));
  };

  const searchable = (testId: string, placeholder: string | undefined, ref?: Ref<InputRef>) => (
    <AutoComplete options={optionsOf(rows)} onSearch={search} onSelect={pick} defaultActiveFirstOption popupMatchSelectWidth={false}>
      <Input ref={ref} data-testid={testId} placeholder={placeholder} autoComplete="off" />
    </AutoComplete>
  );

  return (
    <section aria-label={t('issuanceForm.buyer')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('issuanceForm.buyer')}
        {librariesAvailable === false && (
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginLeft: 12 }} data-testid="library-unavailable">
            {t('issuanceForm.libraryUnavailable')}
          </Typography.Text>
        )}
      </Typography.Title>
      <Row gutter={16}>
        <Col span={14}>
          <Field path="buyerName" label={t('issuanceForm.buyerName')} required>
            {searchable('buyer-name', t('issuanceForm.buyerSearchPlaceholder'), nameRef)}
          </Field>
        </Col>
        <Col span={10}>
          <Field path="buyerTaxNumber" label={t('issuanceForm.buyerTaxNumber')} required={needsTaxId} normalize={(v: string) => v.toUpperCase()}>
            {searchable('buyer-tax-number', undefined)}
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Field path="buyerAddress" label={t('issuanceForm.buyerAddress')} required={needsDetails}>
            <Input data-testid="buyer-address" autoComplete="off" />
          </Field>
        </Col>
        <Col span={4}>
          <Field path="buyerPhone" label={t('issuanceForm.buyerPhone')} required={needsDetails}>
            <Input data-testid="buyer-phone" autoComplete="off" />
          </Field>
        </Col>
        <Col span={6}>
          <Field path="buyerBank" label={t('issuanceForm.buyerBank')} required={needsDetails}>
            <Input data-testid="buyer-bank" autoComplete="off" />
          </Field>
        </Col>
        <Col span={6}>
          <Field path="buyerAccount" label={t('issuanceForm.buyerAccount')} required={needsDetails}>
            <Input data-testid="buyer-account" autoComplete="off" />
          </Field>
        </Col>
      </Row>
      {digital && (
        <Row gutter={16}>
          <Col>
            <Field path="showBuyerAddressPhone" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid="show-buyer-address-phone">{t('issuanceForm.showBuyerAddressPhone')}</Checkbox>
            </Field>
          </Col>
          <Col>
            <Field path="showBuyerBankAccount" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid="show-buyer-bank-account">{t('issuanceForm.showBuyerBankAccount')}</Checkbox>
            </Field>
          </Col>
        </Row>
      )}
    </section>
  );
}
