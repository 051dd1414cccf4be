/** The sandbox database's migrations, in order (steps of 10, additive only). */
import type { Migration } from '../../db/migrate.js';
import { issuance } from './0010-issuance.js';

export const sandboxMigrations: readonly Migration[] = [issuance];
