/** The sandbox database's migrations, in order (steps of 10, additive only). */
import type { Migration } from '../database.js';
import { issuance } from './0010-issuance.js';
import { output } from './0020-output.js';
import { taxAuthority } from './0030-tax-authority.js';
import { agency } from './0040-agency.js';
import { verification } from './0050-verification.js';
import { forcedCertification } from './0060-forced-certification.js';

export const sandboxMigrations: readonly Migration[] = [issuance, output, taxAuthority, agency, verification, forcedCertification];
