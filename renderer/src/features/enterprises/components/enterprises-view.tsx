/**
 * 企业管理: the enterprises served, paged 10–20 from the service and searched by tax number or name.
 * Test ids: enterprises-search, enterprises-add, enterprise-row-<taxNumber>, enterprise-edit-<taxNumber>,
 * enterprise-activate-<taxNumber>.
 */
import { useEffect } from 'react';
import { Button, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnterpriseView } from '../../../../../shared/ipc/schemas/enterprises.js';
import { activateEnterprise, loadEnterprises } from '../actions.js';
import { useEnterprisesStore } from '../store.js';
import { EnterpriseForm } from './enterprise-form.js';
import { useAllowed } from '../../clerks/actions.js';

export function EnterprisesView() {
  const { t } = useTranslation();
  const { rows, total, page, pageSize, loading, query, patch } = useEnterprisesStore();

  useEffect(() => {
    void loadEnterprises();
  }, []);
  // Adding and editing enterprises is an admin's (shared/ipc/rights.ts); main refuses anyone else anyway.
  const mayManage = useAllowed('enterprises:modify');

  const columns = [
    { title: t('enterprises.columns.taxNumber'), dataIndex: 'taxNumber', key: 'taxNumber', width: 200 },
    {
      title: t('enterprises.columns.agencyName'),
      key: 'agencyName',
      render: (_: unknown, row: EnterpriseView) => (
        <Space>
          {row.agencyName}
          {row.active && <Tag color="blue">{t('enterprises.active')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('enterprises.columns.taxUser'),
      key: 'taxUser',
      render: (_: unknown, row: EnterpriseView) =>
        row.taxUser.name ? `${row.taxUser.name}${row.taxUser.loginIdentity ? ` · ${t(`enterprises.loginIdentity.${row.taxUser.loginIdentity}`)}` : ''}` : '—',
    },
    {
      title: t('enterprises.columns.passwords'),
      key: 'passwords',
      render: (_: unknown, row: EnterpriseView) => (
        <Space size={4} data-testid={`enterprise-passwords-${row.taxNumber}`}>
          <Tag color={row.taxUser.identityPwdSet ? 'green' : 'default'}>
            {t('enterprises.field.identityPwd')} · {row.taxUser.identityPwdSet ? t('enterprises.set') : t('enterprises.notSet')}
          </Tag>
          <Tag color={row.taxUser.taxPwdSet ? 'green' : 'default'}>
            {t('enterprises.field.taxPwd')} · {row.taxUser.taxPwdSet ? t('enterprises.set') : t('enterprises.notSet')}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('enterprises.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, row: EnterpriseView) => (
        <Space>
          {mayManage && (
            <Button size="small" data-testid={`enterprise-edit-${row.taxNumber}`} onClick={() => patch({ editing: row })}>
              {t('enterprises.edit')}
            </Button>
          )}
          {!row.active && (
            <Button size="small" type="link" data-testid={`enterprise-activate-${row.taxNumber}`} onClick={() => void activateEnterprise(row.taxNumber)}>
              {t('enterprises.activate')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Input.Search
          allowClear
          style={{ maxWidth: 360 }}
          placeholder={t('enterprises.search')}
          data-testid="enterprises-search"
          defaultValue={query}
          onSearch={(value) => void loadEnterprises({ query: value, page: 1 })}
        />
        {mayManage && (
          <Button type="primary" data-testid="enterprises-add" onClick={() => patch({ editing: 'new' })}>
            {t('enterprises.add')}
          </Button>
        )}
      </Flex>
      <Table<EnterpriseView>
        rowKey="taxNumber"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        onRow={(row) => ({ 'data-testid': `enterprise-row-${row.taxNumber}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('enterprises.empty') }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 15, 20],
          showTotal: (count) => <Typography.Text type="secondary">{t('enterprises.total', { count })}</Typography.Text>,
          onChange: (next, size) => void loadEnterprises({ page: size === pageSize ? next : 1, pageSize: size }),
        }}
      />
      <EnterpriseForm />
    </Flex>
  );
}
