/**
 * What the certification store (stores/certification.ts) keeps differently on each database: an item whose
 * valid tax (YXSE) was not given — the invoice carried no tax amount, and the service defaults it. The desk's
 * column is TEXT NOT NULL (SQLite 0100) and has always kept ''; the team's is NUMERIC(18,2), which cannot hold
 * '' and became nullable for this (pg 8), so it keeps NULL — and a desk moved in crosses '' as NULL. The store
 * reads both back as ''.
 */
import type { LedgerKind } from '../../port.js';

export const noValidTax: Record<LedgerKind, '' | null> = {
  sqlite: '',
  postgres: null,
};
