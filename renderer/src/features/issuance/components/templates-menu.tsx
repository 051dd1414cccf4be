/**
 * 常用发票 beside the drafts: type a template's name (or its buyer) and Enter opens it into the form
 * (Alt+T puts the cursor here); 存为常用 saves the form as it is under a name, asking before replacing
 * a template of the same name.
 */
import { useRef, useState } from 'react';
import { AutoComplete, Button, Input, Modal, Space, Typography, type FormInstance, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '../../../../../shared/ipc/schemas/templates.js';
import { reportFailure, reportSuccess } from '../../../lib/messages.js';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.js';
import { listTemplates, openTemplate, saveTemplate } from '../actions.js';
import type { FormValues } from '../draft.js';

const DEBOUNCE_MS = 150;

export function TemplatesMenu({ form }: { form: FormInstance<FormValues> }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TemplateSummary[]>([]);
  const [query, setQuery] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<InputRef>(null);
  const lookup = useDebouncedSearch(listTemplates, (result) => {
    if (result.ok) setRows(result.value.rows);
    else reportFailure(result.error, 'templates:list');
  }, DEBOUNCE_MS);
  const search = (text: string) => lookup.schedule(text.trim());

  const open = (id: string) => {
    setQuery('');
    void openTemplate(Number(id));
  };

  const save = async (replace: boolean) => {
    const values = form.getFieldsValue(true) as FormValues;
    setSaving(true);
    // Through JSON so that `undefined` members (untouched antd fields) never reach the contract's z.json().
    const content = JSON.parse(JSON.stringify(values)) as Parameters<typeof saveTemplate>[0]['content'];
    const result = await saveTemplate({ name: name.trim(), invoiceType: values.invoiceType, buyerName: values.buyerName ?? '', content, replace });
    setSaving(false);
    if (result.ok) {
      reportSuccess(t('issuanceForm.templateSaved', { name: result.value.name }));
      setNaming(false);
      setName('');
      return;
    }
    if (result.error.key === 'templates.nameTaken' && !replace) {
      Modal.confirm({
        title: t('issuanceForm.templateReplaceTitle', { name: name.trim() }),
        okText: t('issuanceForm.templateReplace'),
        cancelText: t('libraries.cancel'),
        okButtonProps: { 'data-testid': 'template-replace' } as never,
        onOk: () => save(true),
      });
      return;
    }
    reportFailure(result.error, 'templates:save');
  };

  return (
    <Space>
      <AutoComplete
        value={query}
        onChange={setQuery}
        onSearch={search}
        onFocus={() => search(query)}
        onSelect={open}
        defaultActiveFirstOption
        popupMatchSelectWidth={360}
        style={{ width: 220 }}
        options={rows.map((row) => ({
          value: String(row.id),
          label: (
            <div data-testid={`template-option-${row.name}`}>
              <Typography.Text strong>{row.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {row.buyerName} · {t(`invoiceType.${row.invoiceType}`)}
              </Typography.Text>
            </div>
          ),
        }))}
      >
        <Input data-testid="template-search" placeholder={t('issuanceForm.templateSearch')} aria-label={t('issuanceForm.templates')} autoComplete="off" />
      </AutoComplete>
      <Button
        data-testid="save-template"
        onClick={() => {
          setNaming(true);
          requestAnimationFrame(() => nameRef.current?.focus());
        }}
      >
        {t('issuanceForm.saveTemplate')}
      </Button>
      <Modal
        open={naming}
        title={t('issuanceForm.saveTemplate')}
        okText={t('libraries.save')}
        cancelText={t('libraries.cancel')}
        okButtonProps={{ disabled: name.trim() === '', loading: saving, 'data-testid': 'template-save-confirm' } as never}
        onOk={() => void save(false)}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Input
          ref={nameRef}
          data-testid="template-name"
          value={name}
          maxLength={40}
          placeholder={t('issuanceForm.templateNamePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => name.trim() !== '' && void save(false)}
        />
      </Modal>
    </Space>
  );
}
