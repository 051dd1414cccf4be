/** Issuer, payee, reviewer, remark and delivery (push by e-mail or SMS). */
import { Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from './field.js';

export function ExtraFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      <Col span={4}>
        <Field path="issuer" label={t('issuance.issuer')} required>
          <Input data-testid="issuer" autoComplete="off" />
        </Field>
      </Col>
      <Col span={4}>
        <Field path="payee" label={t('issuanceForm.payee')}>
          <Input data-testid="payee" autoComplete="off" />
        </Field>
      </Col>
      <Col span={4}>
        <Field path="reviewer" label={t('issuanceForm.reviewer')}>
          <Input data-testid="reviewer" autoComplete="off" />
        </Field>
      </Col>
      <Col span={6}>
        <Field path="push.email" label={t('issuanceForm.pushEmail')} tooltip={t('issuanceForm.pushHint')}>
          <Input data-testid="push-email" type="email" autoComplete="off" />
        </Field>
      </Col>
      <Col span={6}>
        <Field path="push.phone" label={t('issuanceForm.pushPhone')} tooltip={t('issuanceForm.pushHint')}>
          <Input data-testid="push-phone" inputMode="tel" maxLength={11} autoComplete="off" />
        </Field>
      </Col>
      <Col span={24}>
        <Field path="remark" label={t('issuanceForm.remark')}>
          <Input.TextArea data-testid="remark" autoSize={{ minRows: 1, maxRows: 4 }} />
        </Field>
      </Col>
    </Row>
  );
}
