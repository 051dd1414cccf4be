/**
 * The library sheets' columns: one list drives both the export and the import, so an exported file can
 * be edited in Excel and imported back unchanged. Headers are the clerks' Chinese names; a few common
 * synonyms are accepted on import (sheets from other invoicing software).
 */
import type { Customer, Product } from '../../../shared/ipc/index.js';
import type { ExportColumn } from '../../export/index.js';

export type CustomerField = Exclude<keyof Customer, 'id'>;
export type ProductField = Exclude<keyof Product, 'id'>;

export const CUSTOMER_LABELS: Record<CustomerField, string> = {
  name: '客户名称',
  taxNumber: '纳税人识别号',
  address: '地址',
  phone: '电话',
  bank: '开户行',
  account: '银行账号',
  email: '邮箱',
  mobile: '手机号',
};

export const PRODUCT_LABELS: Record<ProductField, string> = {
  name: '商品名称',
  taxCode: '税收分类编码',
  specification: '规格型号',
  unit: '单位',
  unitPrice: '含税单价',
  rate: '税率',
  specialLevy: '特殊征税方式',
  preferentialPolicy: '优惠政策代码',
};

const CUSTOMER_SYNONYMS: Record<string, CustomerField> = {
  购买方名称: 'name',
  名称: 'name',
  税号: 'taxNumber',
  购买方税号: 'taxNumber',
  统一社会信用代码: 'taxNumber',
  电子邮箱: 'email',
  手机: 'mobile',
  开户银行: 'bank',
  账号: 'account',
};

const PRODUCT_SYNONYMS: Record<string, ProductField> = {
  名称: 'name',
  货物或应税劳务名称: 'name',
  商品编码: 'taxCode',
  税收编码: 'taxCode',
  规格: 'specification',
  单价: 'unitPrice',
  税率或征收率: 'rate',
};

function headerMap<F extends string>(labels: Record<F, string>, synonyms: Record<string, F>): ReadonlyMap<string, F> {
  const map = new Map<string, F>(Object.entries(synonyms) as Array<[string, F]>);
  for (const [field, label] of Object.entries(labels) as Array<[F, string]>) map.set(label, field);
  return map;
}

export const CUSTOMER_HEADERS = headerMap(CUSTOMER_LABELS, CUSTOMER_SYNONYMS);
export const PRODUCT_HEADERS = headerMap(PRODUCT_LABELS, PRODUCT_SYNONYMS);

/** Rates are exported as clerks read them (13%); the import accepts 13%, 0.13 and 13. */
export function rateAsPercent(rate: string): string {
  return `${Number((Number(rate) * 100).toFixed(2))}%`;
}

const text = <R>(header: string, value: (row: R) => string | undefined, width: number): ExportColumn<R> => ({ header, value, kind: 'text', width });

export const CUSTOMER_COLUMNS: ReadonlyArray<ExportColumn<Customer>> = [
  text(CUSTOMER_LABELS.name, (c) => c.name, 36),
  text(CUSTOMER_LABELS.taxNumber, (c) => c.taxNumber, 22),
  text(CUSTOMER_LABELS.address, (c) => c.address, 36),
  text(CUSTOMER_LABELS.phone, (c) => c.phone, 16),
  text(CUSTOMER_LABELS.bank, (c) => c.bank, 28),
  text(CUSTOMER_LABELS.account, (c) => c.account, 24),
  text(CUSTOMER_LABELS.email, (c) => c.email, 26),
  text(CUSTOMER_LABELS.mobile, (c) => c.mobile, 14),
];

export const PRODUCT_COLUMNS: ReadonlyArray<ExportColumn<Product>> = [
  text(PRODUCT_LABELS.name, (p) => p.name, 30),
  text(PRODUCT_LABELS.taxCode, (p) => p.taxCode, 22),
  text(PRODUCT_LABELS.specification, (p) => p.specification, 16),
  text(PRODUCT_LABELS.unit, (p) => p.unit, 8),
  // Text, not money: a unit price keeps up to 6 decimals, which the 2-dp money format would hide.
  text(PRODUCT_LABELS.unitPrice, (p) => p.unitPrice, 12),
  text(PRODUCT_LABELS.rate, (p) => rateAsPercent(p.rate), 8),
  text(PRODUCT_LABELS.specialLevy, (p) => p.specialLevy, 12),
  text(PRODUCT_LABELS.preferentialPolicy, (p) => p.preferentialPolicy, 12),
];
