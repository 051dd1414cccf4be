/**
 * zod compiles object parsers with `new Function` unless told not to. The CSP forbids eval, and the
 * failed probe logs a CSP violation. zod decides per schema when the schema is built, so this module
 * must be the first import of main.tsx, before any module that defines schemas is evaluated.
 */
import { z } from 'zod';

z.config({ jitless: true });
