import type { CSSProperties } from 'react';

/** One grid for the header and every line, so columns line up without a Table (which fights editable rows). */
export const lineGrid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns:
    '28px minmax(150px, 2fr) 196px minmax(60px, 0.7fr) minmax(48px, 0.45fr) minmax(64px, 0.7fr) minmax(80px, 0.9fr) 84px minmax(76px, 0.8fr) minmax(64px, 0.7fr) 100px',
  columnGap: 6,
  alignItems: 'start',
};

export const LINE_HEADERS = [
  'issuance.lineIndex',
  'issuance.lineName',
  'issuance.lineTaxCode',
  'issuanceForm.lineSpecification',
  'issuanceForm.lineUnit',
  'issuance.lineQuantity',
  'issuance.lineUnitPrice',
  'issuance.lineRate',
  'issuance.lineAmount',
  'issuance.lineTax',
  '',
] as const;
