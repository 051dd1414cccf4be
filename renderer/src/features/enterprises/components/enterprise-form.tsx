/**
 * Initialise or modify an enterprise and its tax-bureau user, with the same fields and rules both ways
 * (issue 23 point 4): the service needs every member but e-mail to modify an enterprise (spec endpoint
 * 13), so they are asked when it is added and come back prefilled, and a rename asks nothing more. The
 * tax number is checked as everywhere (check character). A password already sealed is never shown:
 * leaving the field empty keeps it, typing replaces it. Test ids: enterprise-form, enterprise-<field>,
 * enterprise-save.
 */
import { useEffect } from 'react';
import { Col, Divider, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnterpriseInput } from '../../../../../shared/ipc/schemas/enterprises.js';
import { taxIdRules } from '../../../lib/tax-id-rules.js';
import { saveEnterprise } from '../actions.js';
import { useEnterprisesStore } from '../store.js';

interface Values {
  taxNumber: string;
  agencyName: string;
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
  idCard?: string;
  name?: string;
  userPhone?: string;
  loginIdentity?: '1' | '2' | '7';
  email?: string;
  identityPwd?: string;
  taxPwd?: string;
}

const ENTERPRISE_FIELDS = ['address', 'phone', 'bank', 'account'] as const;
const USER_FIELDS = ['idCard', 'name', 'userPhone'] as const;

export function EnterpriseForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = useEnterprisesStore((s) => s.editing);
  const saving = useEnterprisesStore((s) => s.saving);
  const existing = editing !== null && editing !== 'new' ? editing : null;
  const modify = existing !== null;

  // Reset on every open and close: a typed password never lingers in the page after the form closes.
  useEffect(() => {
    form.resetFields();
    if (existing) {
      form.setFieldsValue({
        taxNumber: existing.taxNumber,
        agencyName: existing.agencyName,
        address: existing.address,
        phone: existing.phone,
        bank: existing.bank,
        account: existing.account,
        idCard: existing.taxUser.idCard,
        name: existing.taxUser.name,
        userPhone: existing.taxUser.phone,
        ...(existing.taxUser.loginIdentity ? { loginIdentity: existing.taxUser.loginIdentity } : {}),
        email: existing.taxUser.email,
      });
    }
  }, [editing, existing, form]);

  const requiredRule = (needed: boolean) => (needed ? [{ required: true, whitespace: true, message: t('enterprises.required') }] : []);
  // Add and edit ask the same: every member the service needs to modify the enterprise later.
  const needed = requiredRule(true);

  const submit = async (values: Values) => {
    const input: EnterpriseInput = {
      taxNumber: values.taxNumber.trim().toUpperCase(),
      agencyName: values.agencyName.trim(),
      address: values.address?.trim() ?? '',
      phone: values.phone?.trim() ?? '',
      bank: values.bank?.trim() ?? '',
      account: values.account?.trim() ?? '',
      taxUser: {
        idCard: values.idCard?.trim() ?? '',
        name: values.name?.trim() ?? '',
        phone: values.userPhone?.trim() ?? '',
        ...(values.loginIdentity ? { loginIdentity: values.loginIdentity } : {}),
        email: values.email?.trim() ?? '',
        identityPwd: values.identityPwd ?? '',
        taxPwd: values.taxPwd ?? '',
      },
    };
    const missing = await saveEnterprise(modify ? 'modify' : 'new', input);
    if (missing?.length) {
      const toField = (path: string[]): keyof Values => (path[0] === 'taxUser' ? (path[1] === 'phone' ? 'userPhone' : (path[1] as keyof Values)) : (path[0] as keyof Values));
      form.setFields(missing.map((path) => ({ name: toField(path), errors: [t('enterprises.required')] })));
    }
  };

  const password = (field: 'identityPwd' | 'taxPwd', isSet: boolean) => (
    <Form.Item
      name={field}
      label={t(`enterprises.field.${field}`)}
      rules={requiredRule(!isSet)}
      extra={isSet ? t('enterprises.keepPassword') : undefined}
      required
    >
      <Input.Password data-testid={`enterprise-${field}`} autoComplete="new-password" placeholder={isSet ? '' : t('enterprises.newPassword')} />
    </Form.Item>
  );

  return (
    <Modal
      open={editing !== null}
      title={t(modify ? 'enterprises.editTitle' : 'enterprises.newTitle')}
      okText={t('enterprises.save')}
      cancelText={t('enterprises.cancel')}
      okButtonProps={{ 'data-testid': 'enterprise-save', loading: saving }}
      onOk={() => form.submit()}
      onCancel={() => useEnterprisesStore.getState().patch({ editing: null })}
      width={760}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="enterprise-form">
        <Typography.Paragraph type="secondary" data-testid="enterprise-members-note">
          {t('enterprises.membersNote')}
        </Typography.Paragraph>
        <Divider titlePlacement="start">{t('enterprises.section.enterprise')}</Divider>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="taxNumber" label={t('enterprises.field.taxNumber')} rules={[...needed, ...taxIdRules]}>
              <Input data-testid="enterprise-taxNumber" disabled={modify} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="agencyName" label={t('enterprises.field.agencyName')} rules={needed}>
              <Input data-testid="enterprise-agencyName" autoComplete="off" />
            </Form.Item>
          </Col>
          {ENTERPRISE_FIELDS.map((field) => (
            <Col span={12} key={field}>
              <Form.Item name={field} label={t(`enterprises.field.${field}`)} rules={needed}>
                <Input data-testid={`enterprise-${field}`} autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider titlePlacement="start">{t('enterprises.section.taxUser')}</Divider>
        <Row gutter={12}>
          {USER_FIELDS.map((field) => (
            <Col span={12} key={field}>
              <Form.Item name={field} label={t(`enterprises.field.${field}`)} rules={needed}>
                <Input data-testid={`enterprise-${field}`} autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item name="loginIdentity" label={t('enterprises.field.loginIdentity')} rules={needed}>
              <Select
                data-testid="enterprise-loginIdentity"
                options={(['1', '2', '7'] as const).map((code) => ({
                  value: code,
                  label: <span data-testid={`enterprise-loginIdentity-option-${code}`}>{t(`enterprises.loginIdentity.${code}`)}</span>,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={t('enterprises.field.email')}>
              <Input data-testid="enterprise-email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>{password('identityPwd', existing?.taxUser.identityPwdSet ?? false)}</Col>
          <Col span={12}>{password('taxPwd', existing?.taxUser.taxPwdSet ?? false)}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
