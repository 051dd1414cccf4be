/**
 * The title bar's enterprise switch: the active enterprise is the seller of issuance and the buyer of
 * collection and certification. Test id: active-enterprise (the select), its options by tax number.
 */
import { useEffect } from 'react';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { activateEnterprise, loadChoices } from '../actions.js';
import { useEnterprisesStore } from '../store.js';

export function ActiveEnterpriseSwitch() {
  const { t } = useTranslation();
  const choices = useEnterprisesStore((s) => s.choices);

  useEffect(() => {
    void loadChoices();
  }, []);

  if (!choices) return null;
  return (
    <Space size={6}>
      <Typography.Text type="secondary">{t('enterprises.activeLabel')}</Typography.Text>
      <Select
        data-testid="active-enterprise"
        style={{ minWidth: 260 }}
        value={choices.active.taxNumber}
        onChange={(taxNumber: string) => void activateEnterprise(taxNumber)}
        options={choices.choices.map((choice) => ({
          value: choice.taxNumber,
          label: <span data-testid={`active-enterprise-option-${choice.taxNumber}`}>{`${choice.name} · ${choice.taxNumber}`}</span>,
        }))}
        popupMatchSelectWidth={false}
      />
    </Space>
  );
}
