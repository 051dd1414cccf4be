/** The expanded row of the ledger: the invoice's lines where the record has them, and its status changes. */
import { useEffect, useState } from 'react';
import { Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadDetail } from '../actions.js';
import { formatRate } from '../../../lib/format.js';

type Detail = NonNullable<Awaited<ReturnType<typeof loadDetail>>>;

export function InvoiceDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  useEffect(() => {
    void loadDetail(id).then(setDetail);
  }, [id]);
  if (!detail) return null;
  return (
    <Flex vertical gap={8} data-testid={`ledger-detail-${id}`}>
      <Typography.Text strong>{t('collection.lines.title')}</Typography.Text>
      {detail.lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collection.lines.none')} />
      ) : (
        <Table size="small" pagination={false} rowKey="XH" dataSource={detail.lines}
          columns={[
            { title: '#', dataIndex: 'XH', width: 50 },
            { title: t('collection.lines.name'), dataIndex: 'SPMC' },
            { title: t('collection.lines.spec'), dataIndex: 'GGXH' },
            { title: t('collection.lines.unit'), dataIndex: 'DW' },
            { title: t('collection.lines.quantity'), dataIndex: 'SPSL', align: 'right' },
            { title: t('collection.lines.price'), dataIndex: 'DJ', align: 'right' },
            { title: t('collection.lines.amount'), dataIndex: 'JE', align: 'right' },
            { title: t('collection.lines.rate'), dataIndex: 'SL', align: 'right', render: (rate: string) => formatRate(rate) },
            { title: t('collection.lines.tax'), dataIndex: 'SE', align: 'right' },
          ]} />
      )}
      {detail.changes.length > 0 && (
        <>
          <Typography.Text strong>{t('collection.changes.title')}</Typography.Text>
          <Table size="small" pagination={false} rowKey={(row) => `${row.field}-${row.changedAt}-${row.newValue ?? ''}`} dataSource={detail.changes}
            columns={[
              { title: t('collection.changes.field'), dataIndex: 'field' },
              { title: t('collection.changes.from'), dataIndex: 'oldValue' },
              { title: t('collection.changes.to'), dataIndex: 'newValue' },
              { title: t('collection.changes.source'), dataIndex: 'source' },
              { title: t('collection.changes.at'), dataIndex: 'changedAt' },
            ]} />
        </>
      )}
    </Flex>
  );
}
