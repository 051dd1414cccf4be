/**
 * 收票台账: the received invoices with filters (issue date, seller, kind, verification result,
 * duplicates), totals (duplicates not counted twice), the original file one click away, and the export
 * to Excel (报销台账). Test ids: intake-ledger, ledger-from, ledger-to, ledger-seller, ledger-kind,
 * ledger-result, ledger-duplicates, ledger-search, ledger-export, ledger-totals, ledger-row (data-id).
 */
import { Button, Checkbox, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeLedgerFilter, IntakeLedgerRow } from '../../../../../shared/ipc/index.js';
import { exportLedger, loadLedger, openOriginal } from '../actions.js';
import { useIntakeStore } from '../store.js';

const KINDS = ['01', '03', '04', '08', '10', '11', '14', '15', '21', '22'] as const;

export function LedgerPanel() {
  const { t } = useTranslation();
  const ledger = useIntakeStore((s) => s.ledger);
  const busy = useIntakeStore((s) => s.busy);
  const [filter, setFilter] = useState<IntakeLedgerFilter>({});
  useEffect(() => void loadLedger({}), []);
  const set = (patch: Partial<IntakeLedgerFilter>) => setFilter((current) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined && value !== '' && value !== false)) as IntakeLedgerFilter);
  return (
    <div data-testid="intake-ledger">
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Input style={{ width: 140 }} placeholder={`${t('intake.ledger.from')} yyyyMMdd`} value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value })} data-testid="ledger-from" />
        <Input style={{ width: 140 }} placeholder={`${t('intake.ledger.to')} yyyyMMdd`} value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value })} data-testid="ledger-to" />
        <Input style={{ width: 200 }} placeholder={t('intake.ledger.seller')} value={filter.seller ?? ''} onChange={(e) => set({ seller: e.target.value })} data-testid="ledger-seller" />
        <Select allowClear style={{ width: 160 }} placeholder={t('intake.ledger.kind')} value={filter.fpzl} onChange={(fpzl?: string) => set({ fpzl })} options={KINDS.map((kind) => ({ value: kind, label: `${kind} ${t(`intake.kinds.${kind}`)}` }))} data-testid="ledger-kind" />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('intake.ledger.result')}
          value={filter.result}
          onChange={(result?: IntakeLedgerFilter['result']) => set({ result })}
          options={(['unverified', 'consistent', 'inconsistent', 'failed'] as const).map((result) => ({ value: result, label: t(`intake.ledger.results.${result}`) }))}
          data-testid="ledger-result"
        />
        <Checkbox checked={filter.duplicatesOnly ?? false} onChange={(e) => set({ duplicatesOnly: e.target.checked })} data-testid="ledger-duplicates">
          {t('intake.ledger.duplicates')}
        </Checkbox>
        <Button type="primary" loading={busy.ledger ?? false} onClick={() => void loadLedger(filter)} data-testid="ledger-search">
          {t('intake.ledger.search')}
        </Button>
        <Button loading={busy.export ?? false} onClick={() => void exportLedger(filter)} data-testid="ledger-export">
          {t('intake.ledger.export')}
        </Button>
      </Flex>
      {ledger && (
        <Typography.Paragraph data-testid="ledger-totals">
          {t('intake.ledger.totals', { count: ledger.totals.count, fpje: ledger.totals.fpje, fpse: ledger.totals.fpse, jshj: ledger.totals.jshj })}
        </Typography.Paragraph>
      )}
      <Table<IntakeLedgerRow>
        size="small"
        rowKey="id"
        dataSource={ledger?.rows ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        onRow={(row) => ({ 'data-testid': 'ledger-row', 'data-id': String(row.id) }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('intake.fields.kprq'), render: (_, row) => row.fields.kprq },
          { title: t('intake.fields.fpzl'), render: (_, row) => row.fields.fpzl },
          { title: t('intake.fields.fphm'), render: (_, row) => row.fields.fphm },
          { title: t('intake.fields.xhfmc'), render: (_, row) => row.xhfmc ?? row.fields.xhfsbh },
          { title: t('intake.fields.jshj'), render: (_, row) => row.fields.jshj, align: 'right' },
          {
            title: t('intake.ledger.result'),
            render: (_, row) => (
              <>
                {row.lastCode ?? t('intake.ledger.unverifiedCode')}
                {row.zfbz === 'Y' && <Tag color="red">{t('intake.verification.voided')}</Tag>}
                {row.zfbz === 'H' && <Tag color="red">{t('intake.verification.reversed')}</Tag>}
                {row.duplicateOf !== null && <Tag color="red">{t('intake.duplicateOf', { id: row.duplicateOf, file: '', what: t('intake.duplicateInvoice') })}</Tag>}
              </>
            ),
          },
          {
            title: t('intake.ledger.file'),
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => void openOriginal(row.id)} data-testid="ledger-open">
                {row.fileName}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
