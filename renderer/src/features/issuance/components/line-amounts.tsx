import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { liveLineAmounts, type FormLine } from '../draft.js';

const cell = { textAlign: 'right', paddingTop: 5, fontVariantNumeric: 'tabular-nums' } as const;

/** The computed 金额(含税) / 税额 / 不含税金额 of one line, recomputed in decimals as the clerk types. */
export function LineAmountCells({ index }: { index: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const line = Form.useWatch<Partial<FormLine> | undefined>(['lines', index], form);
  const amounts = liveLineAmounts(line);
  const dash = t('issuance.invalidNumber');
  return (
    <>
      <Typography.Text style={cell} data-testid={`line-${index}-amount`}>
        {amounts?.amount ?? dash}
      </Typography.Text>
      <Typography.Text style={cell} data-testid={`line-${index}-tax`}>
        {amounts?.tax ?? dash}
      </Typography.Text>
      <Typography.Text style={cell} data-testid={`line-${index}-net`}>
        {amounts?.net ?? dash}
      </Typography.Text>
    </>
  );
}
