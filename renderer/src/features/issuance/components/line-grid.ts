import type { CSSProperties } from 'react';

/** One grid for the header and every line, so columns line up without a Table (which fights Form.List). */
export const lineGrid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: '36px minmax(140px, 2fr) minmax(170px, 1.6fr) minmax(80px, 0.8fr) minmax(100px, 1fr) 96px minmax(90px, 1fr) minmax(80px, 0.8fr) minmax(90px, 1fr) 40px',
  columnGap: 8,
  alignItems: 'start',
};
