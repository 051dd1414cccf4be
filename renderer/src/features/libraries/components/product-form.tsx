/**
 * Add or edit a product in a modal. Test ids: product-form, product-<field> inputs (product-name,
 * product-taxCode, product-rate select, …), product-save.
 */
import { useEffect } from 'react';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Product } from '../../../../../shared/ipc/schemas/libraries.js';
import { TAX_RATES } from '../../../../../shared/rules/money.js';
import { saveEntry } from '../actions.js';
import { useLibrariesStore } from '../store.js';
import { compact, schemaRule } from './form-rules.js';
import { TaxCodeInput } from '../../tax-codes/components/tax-code-input.js';

type Values = Record<Exclude<keyof Product, 'id'>, string | undefined>;
const LEVIES = ['1', '2', '3', '4', '5', '6'] as const;

export const ratePercent = (rate: string): string => `${Number((Number(rate) * 100).toFixed(2))}%`;

export function ProductForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = useLibrariesStore((s) => (s.editing?.kind === 'products' ? s.editing : null));
  const saving = useLibrariesStore((s) => s.busy['products:save'] ?? false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.entry ?? { rate: '0.13' });
  }, [editing, form]);

  const submit = async (values: Values) => {
    const body = compact(values);
    const request = { ...body, name: body.name ?? '', taxCode: body.taxCode ?? '', rate: (body.rate ?? '0.13') as Product['rate'] } as Product;
    const issues = await saveEntry('products', editing?.entry?.id ? { ...request, id: editing.entry.id } : request);
    if (issues?.length) form.setFields(issues.map((issue) => ({ name: issue.field as keyof Values, errors: [issue.message] })));
  };

  const text = (field: 'name' | 'specification' | 'unit' | 'unitPrice' | 'preferentialPolicy', span: number, placeholder?: string) => (
    <Col span={span}>
      <Form.Item name={field} label={t(`libraries.product.${field}`)} rules={[schemaRule(Product.shape[field])]} required={field === 'name'}>
        <Input data-testid={`product-${field}`} autoComplete="off" placeholder={placeholder} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={editing !== null}
      title={t(editing?.entry ? 'libraries.editProduct' : 'libraries.newProduct')}
      okText={t('libraries.save')}
      cancelText={t('libraries.cancel')}
      okButtonProps={{ 'data-testid': 'product-save', loading: saving }}
      onOk={() => form.submit()}
      onCancel={() => useLibrariesStore.getState().setEditing(null)}
      width={720}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="product-form" validateTrigger={['onBlur', 'onChange']}>
        <Row gutter={12}>
          {text('name', 24)}
          <Col span={12}>
            <Form.Item name="taxCode" label={t('libraries.product.taxCode')} rules={[schemaRule(Product.shape.taxCode)]} required>
              <TaxCodeInput
                testId="product-taxCode"
                ariaLabel={t('libraries.product.taxCode')}
                onPick={(entry) => form.setFieldsValue({ taxCode: entry.code, ...(entry.rates[0] ? { rate: entry.rates[0] } : {}) })}
              />
            </Form.Item>
          </Col>
          {text('specification', 12)}
          {text('unit', 6)}
          {text('unitPrice', 6)}
          <Col span={12}>
            <Form.Item name="rate" label={t('libraries.product.rate')} rules={[schemaRule(Product.shape.rate)]} required>
              <Select data-testid="product-rate" options={TAX_RATES.map((rate) => ({ value: rate, label: ratePercent(rate) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="specialLevy" label={t('libraries.product.specialLevy')}>
              <Select
                data-testid="product-specialLevy"
                allowClear
                placeholder={t('libraries.product.none')}
                options={LEVIES.map((code) => ({ value: code, label: t(`libraries.product.levy.${code}`) }))}
              />
            </Form.Item>
          </Col>
          {text('preferentialPolicy', 12, t('libraries.product.preferentialPolicyPlaceholder'))}
        </Row>
      </Form>
    </Modal>
  );
}
