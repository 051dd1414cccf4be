/**
 * What each IPC channel needs of the signed-in clerk (issue 24 point 5, docs/team-ledger.md §6). Main checks it
 * in the router before a handler runs (main/features/clerks/authorize.ts); the renderer reads the same table
 * only to hide or disable what the clerk cannot do. `Record<Channel, Right>`: a new channel without an entry
 * does not compile.
 *
 * Rights:
 * - `open`   — before anyone signs in: the sign-in channels and what the page reads to start (its info, language,
 *              start-up state and the ledger's recovery state).
 * - `read`   — any signed-in clerk: every read, export of what can be read, and the clerk's own session.
 * - `issue`  — the desk's daily work (开票员): issuing and drafts, printing, received invoices, libraries,
 *              templates, batch issuance, collection and certification of input invoices.
 * - `review` — 复核: red reversals (apply, issue from a red-letter form) and approving or returning drafts sent for review.
 * - `admin`  — 管理员: enterprises, the service and team-ledger settings, clerks, restoring the ledger, the tax-code
 *              table, the audit trail (操作日志).
 * Roles are nested: a reviewer may issue, an admin may do everything (see ROLE_RIGHTS for why).
 */
import type { Channel } from './contract.js';
import type { ClerkRole } from './schemas/clerks.js';

export const RIGHTS = ['open', 'read', 'issue', 'review', 'admin'] as const;
export type Right = (typeof RIGHTS)[number];

/**
 * A reviewer also issues and an admin holds every right: in the finance departments this desk serves the
 * reviewer is the senior clerk who issues too, and the first clerk of a desk is an admin who must be able
 * to work alone. What the table keeps apart is the line: an 开票员 cannot reverse or run the desk.
 */
export const ROLE_RIGHTS: Readonly<Record<ClerkRole, readonly Right[]>> = {
  issuer: ['open', 'read', 'issue'],
  reviewer: ['open', 'read', 'issue', 'review'],
  admin: ['open', 'read', 'issue', 'review', 'admin'],
};

export function roleHas(role: ClerkRole, right: Right): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

export const CHANNEL_RIGHTS: Readonly<Record<Channel, Right>> = {
  'app:info': 'open',
  'app:language': 'open',
  'app:setLanguage': 'open',
  'settings:get': 'read',
  'settings:setRemote': 'admin',
  'settings:useSandbox': 'admin',
  'settings:testConnection': 'admin',
  'issuance:submit': 'issue',
  'issuance:saveDraft': 'issue',
  'issuance:listDrafts': 'read',
  'issuance:loadDraft': 'read',
  'issuance:deleteDraft': 'issue',
  'issuance:requestReview': 'issue',
  'issuance:approveDraft': 'review',
  'issuance:returnDraft': 'review',
  'issuance:openFile': 'read',
  'issuance:repeat': 'issue',
  'history:list': 'read',
  'history:search': 'read',
  'history:count': 'read',
  'history:export': 'read',
  'history:detail': 'read',
  'customers:list': 'read',
  'customers:save': 'issue',
  'customers:delete': 'issue',
  'customers:import': 'issue',
  'customers:export': 'read',
  'products:list': 'read',
  'products:save': 'issue',
  'products:delete': 'issue',
  'products:import': 'issue',
  'products:export': 'read',
  'libraries:copy': 'issue',
  'batch:template': 'read',
  'batch:import': 'issue',
  'batch:list': 'read',
  'batch:get': 'read',
  'batch:submit': 'issue',
  'batch:exportResults': 'read',
  'reversal:preview': 'read',
  'reversal:start': 'review',
  'reversal:issueFromForm': 'review',
  'reversal:listForms': 'read',
  'reversal:lookupForm': 'read',
  'certification:submit': 'issue',
  'certification:get': 'read',
  'certification:list': 'read',
  'certification:check': 'issue',
  'certification:submitSelection': 'issue',
  'certification:retry': 'issue',
  'certification:summary': 'read',
  'intake:addPaths': 'issue',
  'intake:grantPaths': 'issue',
  'intake:addFile': 'issue',
  'intake:pick': 'issue',
  'intake:queue': 'read',
  'intake:preview': 'read',
  'intake:review': 'issue',
  'intake:verify': 'issue',
  'intake:ledger': 'read',
  'intake:export': 'read',
  'intake:openOriginal': 'read',
  'intake:settings': 'read',
  'intake:chooseScanFolder': 'issue',
  'intake:setScanFolder': 'issue',
  'intake:scanners': 'read',
  'intake:scan': 'issue',
  'print:printers': 'read',
  'print:print': 'issue',
  'print:retry': 'issue',
  'print:preview': 'read',
  'print:savePdf': 'read',
  'print:log': 'read',
  'print:calibration': 'read',
  'print:calibrate': 'issue',
  'print:calibrationPage': 'issue',
  'print:archive': 'issue',
  // The guard answers these itself (main/ledger/guarded-core.ts); in recovery no clerk can be read, so they stay
  // open there, and the table applies once the ledger is open.
  'ledger:status': 'open',
  'ledger:listBackups': 'read',
  'ledger:backupNow': 'read',
  'ledger:checkIntegrity': 'read',
  'ledger:retry': 'open',
  'ledger:restore': 'admin',
  'ledger:startFresh': 'admin',
  'ledger:openFolder': 'read',
  'ledger:chooseBackupFolder': 'admin',
  'taxCodes:search': 'read',
  'taxCodes:info': 'read',
  'taxCodes:import': 'admin',
  'templates:list': 'read',
  'templates:save': 'issue',
  'templates:load': 'read',
  'templates:delete': 'issue',
  'enterprises:list': 'read',
  'enterprises:initialise': 'admin',
  'enterprises:modify': 'admin',
  'enterprises:choices': 'read',
  // Choosing whom the desk acts for is every clerk's: an 开票员 of an agency issues for several enterprises.
  'enterprises:activate': 'read',
  'collection:start': 'issue',
  'collection:sync': 'issue',
  'collection:runs': 'read',
  'collection:settings': 'read',
  'collection:setSyncOnStart': 'issue',
  'collection:ledger': 'read',
  'collection:detail': 'read',
  'collection:export': 'read',
  'service:status': 'read',
  'service:reconnect': 'read',
  'startup:status': 'open',
  'startup:retry': 'open',
  'startup:openDataFolder': 'open',
  'startup:chooseDataFolder': 'open',
  'statistics:period': 'read',
  'statistics:dashboard': 'read',
  'statistics:export': 'read',
  'statistics:printFailures': 'read',
  'statistics:saveImage': 'read',
  'teamLedger:get': 'read',
  'teamLedger:save': 'admin',
  'teamLedger:test': 'admin',
  'teamLedger:moveIn': 'admin',
  'teamLedger:switch': 'admin',
  'clerks:session': 'open',
  'clerks:signIn': 'open',
  'clerks:signOut': 'read',
  'clerks:list': 'admin',
  // The feature lets the first clerk (an admin) be added while none exists: no clerk, every right (as before).
  'clerks:add': 'admin',
  'clerks:setRole': 'admin',
  'clerks:setActive': 'admin',
  'clerks:resetPin': 'admin',
  // An agency's admin keeps a clerk to the enterprises they serve (held again by the team's database).
  'clerks:setEnterprises': 'admin',
  'clerks:changeOwnPin': 'read',
  // Lifting a sign-in lock (five wrong PINs) is the admin's: a lock nobody else can lift is what stops a guesser.
  'clerks:unlock': 'admin',
  // The audit trail names every clerk's work: the desk's admin reads it.
  'audit:list': 'admin',
};
