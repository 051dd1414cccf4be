import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.js';

/** The seller is the enterprise the app is set up for; the clerk cannot change it on this form. */
export function SellerInfo() {
  const { t } = useTranslation();
  const info = useAppStore((s) => s.info);
  const infoState = useAppStore((s) => s.infoState);
  if (!info) return infoState === 'loading' ? <Skeleton active paragraph={{ rows: 1 }} title={false} /> : null;
  return (
    <Descriptions size="small" column={2} title={t('issuance.seller')} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('issuance.sellerName')}>
        <span data-testid="seller-name">{info.seller.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('issuance.sellerTaxNumber')}>
        <span data-testid="seller-tax-number">{info.seller.taxNumber}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
