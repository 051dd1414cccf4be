/**
 * Certify a selection from the ledger: each invoice checked, the ineligible shown with their reason and
 * left out (not selectable), the application type chosen, the valid tax editable (defaults to the tax,
 * never above it, 2 decimals). Test ids: certify-drawer, certify-type, certify-row-<FPHM> (data-reason),
 * certify-yxse-<FPHM>, certify-send.
 */
import { useEffect, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Drawer, Flex, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationCheckResult } from '../../../../../shared/ipc/schemas/certification.js';
import { checkSelection, sendSelection } from '../actions.js';
import { useCertificationStore } from '../store.js';

type ApplicationType = '1' | '2' | '3' | '4' | '5' | '6';
type Row = CertificationCheckResult[number];

export function CertifyDrawer({ open, ids, onClose }: { open: boolean; ids: number[]; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const busy = useCertificationStore((s) => s.busy);
  const [type, setType] = useState<ApplicationType>('1');
  const [rows, setRows] = useState<Row[]>([]);
  const [validTax, setValidTax] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open || ids.length === 0) return;
    void checkSelection(ids, type).then((checked) => setRows(checked ?? []));
  }, [open, ids, type]);
  useEffect(() => {
    if (open) setValidTax({});
  }, [open]);

  const eligible = rows.filter((row) => row.reason === null);
  const maxOf = (row: Row) => (row.SE && !row.SE.startsWith('-') ? Number(row.SE) : undefined);

  return (
    <Drawer open={open} onClose={() => onClose(false)} size={900} title={t('certification.drawerTitle', { count: ids.length })} data-testid="certify-drawer" destroyOnHidden>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center">
          <Typography.Text>{t('certification.SQRZLX')}</Typography.Text>
          <Select<ApplicationType>
            data-testid="certify-type"
            style={{ width: 220 }}
            value={type}
            onChange={setType}
            options={(['1', '2', '3', '4', '5', '6'] as const).map((code) => ({ value: code, label: t(`certification.types.${code}`) }))}
          />
          <Typography.Text type="secondary">{t('certification.validTaxHint')}</Typography.Text>
        </Flex>
        {rows.length > 0 && eligible.length === 0 && <Alert type="warning" title={t('certification.nothingEligible')} showIcon />}
        <Table<Row>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          scroll={{ y: 480 }}
          onRow={(row) => ({ 'data-testid': `certify-row-${row.FPHM}`, 'data-reason': row.reason ?? 'eligible' }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('certification.columns.code'), dataIndex: 'FPDM', width: 130 },
            { title: t('certification.columns.number'), dataIndex: 'FPHM', width: 110 },
            { title: t('certification.columns.type'), key: 'type', width: 90, render: (_: unknown, row: CertificationCheckResult[number]) => t(`collection.kindShort.${row.FPLXDM}` as never) },
            { title: t('certification.columns.tax'), dataIndex: 'SE', width: 100, align: 'right' },
            {
              title: t('certification.columns.validTax'),
              key: 'validTax',
              width: 150,
              render: (_: unknown, row: Row) =>
                row.reason === null && maxOf(row) !== undefined ? (
                  <InputNumber<string>
                    data-testid={`certify-yxse-${row.FPHM}`}
                    stringMode
                    min="0"
                    max={row.SE ?? undefined}
                    precision={2}
                    step="0.01"
                    value={validTax[String(row.id)] ?? row.SE ?? undefined}
                    onChange={(value) => setValidTax((v) => ({ ...v, [String(row.id)]: value ?? '' }))}
                  />
                ) : null,
            },
            {
              title: t('certification.columns.check'),
              key: 'reason',
              render: (_: unknown, row: Row) =>
                row.reason === null ? <Tag color="green">{t('certification.eligible')}</Tag> : <Tag color="red">{t(`certification.reasons.${row.reason}`)}</Tag>,
            },
          ]}
        />
        <Flex justify="end">
          <Button
            type="primary"
            data-testid="certify-send"
            loading={busy}
            disabled={eligible.length === 0}
            onClick={() => {
              // Only the eligible are sent; the clerk's valid tax where it differs from the tax.
              const chosen = Object.fromEntries(
                eligible.filter((row) => validTax[String(row.id)] && validTax[String(row.id)] !== row.SE).map((row) => [String(row.id), validTax[String(row.id)]!]),
              );
              void sendSelection(eligible.map((row) => row.id), type, chosen).then((sent) => sent && onClose(true));
            }}
          >
            {t('certification.send', { count: eligible.length })}
          </Button>
        </Flex>
      </Flex>
    </Drawer>
  );
}
