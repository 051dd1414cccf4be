/**
 * Add or edit a customer in a modal. Test ids: customer-form, customer-<field> inputs
 * (customer-name, customer-taxNumber, …), customer-save.
 */
import { useEffect } from 'react';
import { Col, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Customer } from '../../../../../shared/ipc/schemas/libraries.js';
import { saveEntry } from '../actions.js';
import { useLibrariesStore } from '../store.js';
import { taxIdRules } from '../../../lib/tax-id-rules.js';
import { compact, schemaRule } from './form-rules.js';

type Values = Record<Exclude<keyof Customer, 'id'>, string | undefined>;
const FIELDS = ['name', 'taxNumber', 'address', 'phone', 'bank', 'account', 'email', 'mobile'] as const;
const WIDE = new Set<string>(['name', 'address']);

export function CustomerForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = useLibrariesStore((s) => (s.editing?.kind === 'customers' ? s.editing : null));
  const saving = useLibrariesStore((s) => s.busy['customers:save'] ?? false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.entry) form.setFieldsValue(editing.entry);
  }, [editing, form]);

  const submit = async (values: Values) => {
    const body = compact(values);
    const request = { ...body, name: body.name ?? '', ...(body.taxNumber ? { taxNumber: body.taxNumber.toUpperCase() } : {}) };
    const issues = await saveEntry('customers', editing?.entry?.id ? { ...request, id: editing.entry.id } : request);
    if (issues?.length) form.setFields(issues.map((issue) => ({ name: issue.field as keyof Values, errors: [issue.message] })));
  };

  return (
    <Modal
      open={editing !== null}
      title={t(editing?.entry ? 'libraries.editCustomer' : 'libraries.newCustomer')}
      okText={t('libraries.save')}
      cancelText={t('libraries.cancel')}
      okButtonProps={{ 'data-testid': 'customer-save', loading: saving }}
      onOk={() => form.submit()}
      onCancel={() => useLibrariesStore.getState().setEditing(null)}
      width={720}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="customer-form" validateTrigger={['onBlur', 'onChange']}>
        <Row gutter={12}>
          {FIELDS.map((field) => (
            <Col span={WIDE.has(field) ? 24 : 12} key={field}>
              <Form.Item
                name={field}
                label={t(`libraries.customer.${field}`)}
                rules={field === 'taxNumber' ? [schemaRule(Customer.shape.taxNumber), ...taxIdRules] : [schemaRule(Customer.shape[field])]}
                required={field === 'name'}
              >
                <Input data-testid={`customer-${field}`} autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
