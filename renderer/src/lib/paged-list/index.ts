/** Long lists over keyset pages: the loader hook and the virtual table (see each file). */
export { FIRST_PAGE, MAX_PAGE, NEXT_PAGE, useKeysetRows, type KeysetRows, type KeysetSource } from './use-keyset-rows.js';
export { firstPageCounted } from './first-page-count.js';
export { VirtualTable, type VirtualColumn, type VirtualTableProps } from './virtual-table.js';
