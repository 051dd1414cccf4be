import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { IssuanceForm } from './issuance-form.js';
import { RecentSubmissions } from './recent-submissions.js';
import { SellerInfo } from './seller-info.js';

export function IssuanceView() {
  const { t } = useTranslation();
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card title={t('issuanceForm.title')} size="small">
          <SellerInfo />
          <IssuanceForm />
        </Card>
      </Col>
      <Col flex="300px">
        <RecentSubmissions />
      </Col>
    </Row>
  );
}
