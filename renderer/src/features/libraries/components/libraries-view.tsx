/**
 * 客户与商品: the active enterprise's customer and product libraries, each a searchable table with add, edit,
 * delete, copy from another enterprise, Excel import (with a per-row report) and Excel/CSV export; the
 * title names whose library it is. Test ids: libraries-view, libraries-enterprise.
 */
import { useEffect } from 'react';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Customer, Product } from '../../../../../shared/ipc/schemas/libraries.js';
import { useAppStore } from '../../../app/store.js';
import { useChanges } from '../../../lib/change-feed.js';
import { loadTable } from '../actions.js';
import { CustomerForm } from './customer-form.js';
import { ImportReport } from './import-report.js';
import { LibraryCard } from './library-card.js';
import { ProductForm, ratePercent } from './product-form.js';

const mono = { fontVariantNumeric: 'tabular-nums' } as const;

function useCustomerColumns(): TableColumnsType<Customer> {
  const { t } = useTranslation();
  return [
    { key: 'name', dataIndex: 'name', title: t('libraries.customer.name'), width: 260 },
    { key: 'taxNumber', dataIndex: 'taxNumber', title: t('libraries.customer.taxNumber'), render: (v?: string) => <span style={mono}>{v ?? ''}</span> },
    { key: 'address', dataIndex: 'address', title: t('libraries.customer.address'), ellipsis: true, width: 220 },
    { key: 'phone', dataIndex: 'phone', title: t('libraries.customer.phone') },
    { key: 'bank', dataIndex: 'bank', title: t('libraries.customer.bank'), ellipsis: true },
    { key: 'account', dataIndex: 'account', title: t('libraries.customer.account'), render: (v?: string) => <span style={mono}>{v ?? ''}</span> },
    { key: 'email', dataIndex: 'email', title: t('libraries.customer.email') },
  ];
}

function useProductColumns(): TableColumnsType<Product> {
  const { t } = useTranslation();
  return [
    { key: 'name', dataIndex: 'name', title: t('libraries.product.name'), width: 220 },
    { key: 'taxCode', dataIndex: 'taxCode', title: t('libraries.product.taxCode'), render: (v: string) => <span style={mono}>{v}</span> },
    { key: 'specification', dataIndex: 'specification', title: t('libraries.product.specification') },
    { key: 'unit', dataIndex: 'unit', title: t('libraries.product.unit') },
    // Prices stay the decimal text main stores; never parsed into a float for display.
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('libraries.product.unitPrice'), align: 'right', render: (v?: string) => <span style={mono}>{v ?? ''}</span> },
    { key: 'rate', dataIndex: 'rate', title: t('libraries.product.rate'), align: 'right', render: (v: string) => ratePercent(v) },
    {
      key: 'specialLevy',
      dataIndex: 'specialLevy',
      title: t('libraries.product.specialLevy'),
      render: (v?: Product['specialLevy']) => (v ? t(`libraries.product.levy.${v}`) : ''),
    },
    { key: 'preferentialPolicy', dataIndex: 'preferentialPolicy', title: t('libraries.product.preferentialPolicy') },
  ];
}

export function LibrariesView() {
  const { t } = useTranslation();
  // Each enterprise has its own library: the tables follow the active enterprise, and any write to them.
  const enterprise = useAppStore((s) => s.info?.seller.taxNumber ?? null);
  const enterpriseName = useAppStore((s) => s.info?.seller.name ?? '');
  const reload = () => {
    void loadTable('customers');
    void loadTable('products');
  };
  useEffect(reload, [enterprise]);
  useChanges(['library'], reload);
  return (
    <Flex vertical gap={16} data-testid="libraries-view">
      <Typography.Text type="secondary" data-testid="libraries-enterprise">
        {t('libraries.ofEnterprise', { name: enterpriseName })}
      </Typography.Text>
      <LibraryCard kind="customers" title={t('libraries.customers')} searchPlaceholder={t('libraries.searchCustomers')} columns={useCustomerColumns()} />
      <LibraryCard kind="products" title={t('libraries.products')} searchPlaceholder={t('libraries.searchProducts')} columns={useProductColumns()} />
      <CustomerForm />
      <ProductForm />
      <ImportReport />
    </Flex>
  );
}
