import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { IssuanceForm } from './issuance-form.js';
import { SellerInfo } from './seller-info.js';

export function IssuanceView() {
  const { t } = useTranslation();
  return (
    <Card title={t('issuance.title')} size="small">
      <SellerInfo />
      <IssuanceForm />
    </Card>
  );
}
