import { Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCheckStore } from '../check-store.js';

/** Live totals in decimals (from the same builder main uses) and the total in words, as printed on the invoice. */
export function TotalsBar() {
  const { t } = useTranslation();
  const check = useCheckStore((state) => state.check);
  if (!check) return null;
  const { totals } = check;
  const net = <span data-testid="total-net">{totals.net}</span>;
  // Statistic is given the string, never a number: its own formatting would go through a float.
  return (
    <Flex vertical align="flex-end" gap={4}>
      <Flex gap={40} justify="flex-end" wrap>
        {totals.discount !== '0.00' && (
          <Statistic title={t('issuanceForm.totalDiscount')} value={totals.discount} prefix="¥" valueRender={() => <span data-testid="total-discount">{totals.discount}</span>} />
        )}
        <Statistic title={t('issuance.totalNet')} value={totals.net} prefix="¥" valueRender={() => net} />
        <Statistic title={t('issuance.totalTax')} value={totals.tax} prefix="¥" valueRender={() => <span data-testid="total-tax">{totals.tax}</span>} />
        <Statistic title={t('issuance.totalAmount')} value={totals.total} prefix="¥" valueRender={() => <strong data-testid="total-amount">{totals.total}</strong>} />
      </Flex>
      <Typography.Text>
        {t('app.labelled', { label: t('issuanceForm.amountInWords') })}<strong data-testid="total-in-words">{check.amountInWords}</strong>
      </Typography.Text>
    </Flex>
  );
}
