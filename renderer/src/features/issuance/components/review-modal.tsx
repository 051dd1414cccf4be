/** 开具前核对: the invoice as it will be sent, with the total in words, before the clerk confirms. */
import { Alert, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { rateLabel } from '../draft.js';
import { useCheckStore } from '../check-store.js';
import { useIssuanceStore } from '../store.js';

export function ReviewModal({ onConfirm }: { onConfirm(): void }) {
  const { t } = useTranslation();
  const open = useIssuanceStore((s) => s.reviewOpen);
  // Followed only while open: closed, the modal stays out of the render each keystroke makes.
  const check = useCheckStore((state) => (open ? state.check : null));
  const submitting = useIssuanceStore((s) => s.submitting);
  if (!check) return null;
  const { draft, rules, totals } = check;
  const rows = rules.built.lines.map((line, index) => ({ key: index, no: index + 1, ...line }));
  return (
    <Modal
      open={open}
      width={960}
      title={t('issuanceForm.reviewTitle')}
      okText={t('issuanceForm.confirmIssue')}
      cancelText={t('issuanceForm.backToEdit')}
      okButtonProps={{ disabled: check.errorCount > 0, loading: submitting, ...({ 'data-testid': 'review-confirm' } as Record<`data-${string}`, string>) }}
      onOk={onConfirm}
      onCancel={() => useIssuanceStore.getState().setReviewOpen(false)}
      destroyOnHidden
    >
      <div data-testid="review">
        {check.errorCount > 0 ? (
          <Alert type="error" showIcon message={t('issuanceForm.fixErrors', { count: check.errorCount })} style={{ marginBottom: 12 }} />
        ) : check.warningCount > 0 ? (
          <Alert type="warning" showIcon message={t('issuanceForm.warningsOnly', { count: check.warningCount })} style={{ marginBottom: 12 }} />
        ) : null}
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('issuanceForm.invoiceType')}>{t(`invoiceType.${draft.invoiceType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('issuanceForm.specialKind')}>{t(`issuanceForm.specialKinds.${draft.specialKind ?? '00'}`)}</Descriptions.Item>
          <Descriptions.Item label={t('issuance.buyerName')}>{draft.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t('issuanceForm.buyerTaxNumber')}>{draft.buyerTaxNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('issuanceForm.isAuto')}>{t(draft.isAuto === 0 ? 'issuanceForm.isAuto0' : 'issuanceForm.isAuto1')}</Descriptions.Item>
          <Descriptions.Item label={t('issuance.issuer')}>{draft.issuer}</Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          style={{ marginTop: 12 }}
          pagination={false}
          dataSource={rows}
          columns={[
            { key: 'no', dataIndex: 'no', title: t('issuance.lineIndex'), width: 56 },
            { key: 'spmc', dataIndex: 'spmc', title: t('issuance.lineName') },
            { key: 'spsl', dataIndex: 'spsl', title: t('issuance.lineQuantity'), align: 'right' },
            { key: 'dj', dataIndex: 'dj', title: t('issuance.lineUnitPrice'), align: 'right' },
            { key: 'je', dataIndex: 'je', title: t('issuance.lineAmount'), align: 'right' },
            { key: 'sl', dataIndex: 'sl', title: t('issuance.lineRate'), align: 'right', render: (rate: string) => rateLabel(rate) },
            { key: 'se', dataIndex: 'se', title: t('issuance.lineTax'), align: 'right' },
          ]}
        />
        <Descriptions size="small" column={3} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('issuance.totalNet')}>¥{totals.net}</Descriptions.Item>
          <Descriptions.Item label={t('issuance.totalTax')}>¥{totals.tax}</Descriptions.Item>
          <Descriptions.Item label={t('issuance.totalAmount')}>
            <strong data-testid="review-total">¥{totals.total}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('issuanceForm.amountInWords')} span={3}>
            <strong data-testid="review-in-words">{check.amountInWords}</strong>
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
}
