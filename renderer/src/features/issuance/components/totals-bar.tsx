import { Flex, Form, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { liveTotals, type FormLine } from '../draft.js';

export function TotalsBar() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const lines = Form.useWatch<(Partial<FormLine> | undefined)[] | undefined>('lines', form);
  const sums = liveTotals(lines);
  // Statistic is given the string, never a number: its own formatting would go through a float.
  return (
    <Flex gap={48} justify="flex-end" wrap>
      <Statistic title={t('issuance.totalNet')} value={sums.net} prefix="¥" valueRender={() => <span data-testid="total-net">{sums.net}</span>} />
      <Statistic title={t('issuance.totalTax')} value={sums.tax} prefix="¥" valueRender={() => <span data-testid="total-tax">{sums.tax}</span>} />
      <Statistic
        title={t('issuance.totalAmount')}
        value={sums.total}
        prefix="¥"
        valueRender={() => <strong data-testid="total-amount">{sums.total}</strong>}
      />
    </Flex>
  );
}
