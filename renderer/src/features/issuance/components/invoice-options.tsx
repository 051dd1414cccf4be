/** Type, special kind and issuing mode: what decides every other rule, so they come first. */
import { Col, Form, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceType, SpecialKind } from '../../../../../shared/ipc/schemas/issuance.js';
import { Field } from './field.js';

const TYPES: InvoiceType[] = ['026', '028', '82', '81', '007', '004', '025'];
const KINDS: SpecialKind[] = ['00', '01', '02', '08', '53', '54', '55', '56', '59'];

export function InvoiceOptions() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={7}>
        <Field path="invoiceType" label={t('issuanceForm.invoiceType')}>
          <Select
            data-testid="invoice-type"
            options={TYPES.map((type) => ({ value: type, label: t(`invoiceType.${type}`) }))}
            optionRender={(option) => <span data-testid={`invoice-type-option-${String(option.value)}`}>{option.label}</span>}
          />
        </Field>
      </Col>
      <Col span={7}>
        <Field path="specialKind" label={t('issuanceForm.specialKind')}>
          <Select
            data-testid="special-kind"
            options={KINDS.map((kind) => ({ value: kind, label: t(`issuanceForm.specialKinds.${kind}`) }))}
            optionRender={(option) => <span data-testid={`special-kind-option-${String(option.value)}`}>{option.label}</span>}
          />
        </Field>
      </Col>
      <Col span={10}>
        <Form.Item name="isAuto" label={t('issuanceForm.isAuto')}>
          <Radio.Group data-testid="is-auto">
            <Radio value={1}>{t('issuanceForm.isAuto1')}</Radio>
            <Radio value={0}>{t('issuanceForm.isAuto0')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Col>
    </Row>
  );
}
