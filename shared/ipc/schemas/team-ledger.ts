/**
 * IPC shapes of the team ledger's connection (docs/team-ledger.md §3): where the shared PostgreSQL ledger
 * is, how the desk talks TLS to it, and what a connection test found. The password goes in, never out;
 * main seals it with the desk's SecretCipher like the service's AppSecret.
 */
import { z } from 'zod';

/**
 * disable: plain TCP, for a server on this machine only (isLoopbackHost: main refuses it for any other host when
 * saved and when connecting); require: TLS without checking the certificate; verify-full: TLS, certificate and
 * host name checked.
 */
export const TEAM_TLS_MODES = ['disable', 'require', 'verify-full'] as const;
export const TeamTlsMode = z.enum(TEAM_TLS_MODES).describe('How the desk talks TLS to PostgreSQL');
export type TeamTlsMode = z.infer<typeof TeamTlsMode>;

/** A PostgreSQL identifier or a host name: no spaces, quotes or control characters. */
const plainName = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最长 ${max} 个字符`)
    .regex(/^[\w.\-:[\]@]+$/u, `${label}只能含字母、数字和 . - _ : @`);

/**
 * Whether a host is this machine, where TLS may be off (issue 34 point 4): `localhost`, 127.0.0.0/8, ::1 (also
 * written in full, in brackets, or as ::ffff:127.x.y.z) and a Unix socket's folder (an absolute path). A name
 * that merely resolves to 127.0.0.1 does not count: what a name resolves to can change, the rule must not.
 */
export function isLoopbackHost(host: string): boolean {
  const plain = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (plain.startsWith('/')) return true;
  if (plain === 'localhost' || plain === 'localhost.') return true;
  const v4 = /^(?:::ffff:)?127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(plain);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255);
  // ::1 in any of its spellings: every group but the last zero, the last one 1.
  if (!/^[0-9a-f:]+$/.test(plain) || !plain.includes(':')) return false;
  const [head = '', tail] = plain.split('::');
  if (plain.split('::').length > 2) return false;
  const groups = tail === undefined ? head.split(':') : [...(head ? head.split(':') : []), ...(tail ? tail.split(':') : [])];
  if (groups.length === 0 || groups.length > 8 || (tail === undefined && groups.length !== 8)) return false;
  return groups.every((group, index) => /^[0-9a-f]{1,4}$/.test(group) && parseInt(group, 16) === (index === groups.length - 1 ? 1 : 0));
}

/** A Unix socket's folder (libpq's host=/var/run/postgresql): an absolute path of plain characters. */
const socketFolder = z.string().trim().max(253).regex(/^\/[\w.\-/]*$/u);

export const TeamLedgerAddress = z
  .strictObject({
    host: z
      .union([socketFolder, plainName('服务器地址', 253)])
      .describe("Host name or IP address of the PostgreSQL server, or the folder of its Unix socket (this machine's)"),
    port: z.number().int().min(1, '端口为 1 到 65535').max(65535, '端口为 1 到 65535').describe('TCP port (PostgreSQL: 5432)'),
    database: plainName('数据库名', 63).describe('Database holding the team ledger'),
    user: plainName('用户名', 63).describe('Login role of this desk or clerk'),
    tls: TeamTlsMode,
    caFile: z.string().trim().min(1).max(1000).nullable().describe('PEM file of the certificate authority to trust (verify-full); null = the system list'),
  })
  .describe('Where the team ledger is and how to reach it (the password travels separately)');
export type TeamLedgerAddress = z.infer<typeof TeamLedgerAddress>;

export const SaveTeamLedgerRequest = TeamLedgerAddress.extend({
  password: z.string().min(1, '密码不能为空').max(200).optional().describe('Password of the role; sealed in the vault. Omit to keep the stored one'),
}).describe('Saves the team ledger connection (used once the desk switches to it)');
export type SaveTeamLedgerRequest = z.infer<typeof SaveTeamLedgerRequest>;

export const TeamMoveRecord = z
  .strictObject({
    at: z.string().describe('When the move succeeded (ISO-8601)'),
    host: z.string(),
    port: z.number().int(),
    database: z.string(),
    user: z.string().describe('The role that moved it'),
  })
  .describe("Where this desk's ledger was moved to (docs/team-ledger.md §3); the desk keeps its own ledger until it switches");
export type TeamMoveRecord = z.infer<typeof TeamMoveRecord>;

/** A team desk's connection to its ledger, for the header (main/ledger/team-desk.ts). */
export const TeamConnection = z
  .strictObject({
    state: z.enum(['connecting', 'connected', 'unreachable']).describe('connected: the desk listens to the team ledger; unreachable: it lost it and keeps trying'),
    since: z.string().max(40).describe('When the state last changed (ISO 8601)'),
    lastContact: z.string().max(40).nullable().describe('When the desk last reached the team ledger; null = not yet'),
    database: z.string().max(100),
    host: z.string().max(300),
    desk: z.string().max(200).describe("This desk's name on the team ledger (its outbox leases)"),
  })
  .describe("The team desk's connection state");
export type TeamConnection = z.infer<typeof TeamConnection>;

export const SwitchLedgerRequest = z
  .strictObject({ to: z.enum(['team', 'desk']).describe("team: switch to the saved team ledger; desk: back to this computer's own ledger") })
  .describe('Which ledger the desk restarts on');
export type SwitchLedgerRequest = z.infer<typeof SwitchLedgerRequest>;

export const TeamLedgerView = z
  .strictObject({
    address: TeamLedgerAddress.nullable().describe('The saved connection, null when none was saved'),
    hasPassword: z.boolean().describe('Whether a password is sealed in the vault (its value never leaves main)'),
    passwordUnreadable: z.boolean().describe('true when the sealed password can no longer be decrypted: settings asks for it again'),
    enabled: z.boolean().describe('Whether the desk keeps its ledger there now (it switched in settings, or its host chose it)'),
    connection: TeamConnection.nullable().describe('The team desk connection state; null on a desk on its own ledger'),
    movedIn: TeamMoveRecord.nullable().describe("When and where this desk's ledger was moved into a team ledger; null = never"),
  })
  .describe('What the renderer may know about the team ledger connection');
export type TeamLedgerView = z.infer<typeof TeamLedgerView>;

/** What a connection test found, one key each; the renderer says it in the clerk's words (settings.team.test.<key>). */
export const TEAM_TEST_OUTCOMES = [
  'ok',
  'empty',
  'unreachable',
  'serverUnavailable',
  'tlsRefused',
  'tlsRequired',
  'tlsOffMachine',
  'tlsUntrusted',
  'caFileUnreadable',
  'wrongPassword',
  'databaseMissing',
  'noRights',
  'schemaNewer',
  'timeout',
  'unexpected',
] as const;
export const TeamTestOutcome = z.enum(TEAM_TEST_OUTCOMES);
export type TeamTestOutcome = z.infer<typeof TeamTestOutcome>;

/** A right the connected login lacks for something a desk does (moving its ledger in): the object and the privilege, as PostgreSQL names them. */
export const TeamMissingRight = z
  .strictObject({
    object: z.enum(['table', 'sequence', 'schema', 'database']).describe('What kind of object the right is on'),
    name: z.string().max(200).describe('Its name (a sequence schema-qualified, as pg_get_serial_sequence gives it)'),
    right: z.enum(['SELECT', 'INSERT', 'UPDATE', 'USAGE', 'CREATE']).nullable().describe('The privilege missing; null when the server refused without naming it'),
  })
  .describe('A right the login lacks, named so an administrator can GRANT it');
export type TeamMissingRight = z.infer<typeof TeamMissingRight>;

export const TeamConnectionTestResult = z
  .strictObject({
    ok: z.boolean().describe('true when the desk could sign in and read (or would create) the schema'),
    key: TeamTestOutcome.describe('What happened: ok, empty (reachable, no team ledger created yet) or the failure'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).describe("The sentence's params (versions, the server's code)"),
    serverVersion: z.string().nullable().describe('PostgreSQL version reported by the server'),
    schemaVersion: z.number().int().nullable().describe('The team ledger schema found in the database; null = none yet'),
    message: z.string().describe('What happened, in English for logs (the clerk reads the key)'),
    moveIn: z
      .strictObject({ missing: z.array(TeamMissingRight).max(200).describe('Rights this login lacks to move a desk ledger in; empty: it may') })
      .optional()
      .describe("What moving this desk's ledger in (迁入团队账本) would need that the login lacks; absent when the test did not get that far"),
  })
  .describe('Outcome of signing in to the team ledger and reading its schema version');
export type TeamConnectionTestResult = z.infer<typeof TeamConnectionTestResult>;

/** Progress of moving this desk's ledger into the team ledger, pushed as `teamLedger:moveProgress`. */
export const TeamMoveProgress = z
  .strictObject({
    moved: z.number().int().describe('Rows copied so far'),
    total: z.number().int().describe("Rows of the desk's shared tables"),
    table: z.string().nullable().describe('The table being copied; null before the first and while counts and totals are compared'),
  })
  .describe('How far a move into the team ledger is');
export type TeamMoveProgress = z.infer<typeof TeamMoveProgress>;

export const TeamMoveResult = z
  .strictObject({
    total: z.number().int().describe('Rows moved'),
    enterprises: z.number().int().describe('Enterprises whose rows were moved'),
    tables: z.array(z.strictObject({ table: z.string(), rows: z.number().int() })).describe('Rows moved per table'),
    movedIn: TeamMoveRecord,
  })
  .describe('A move into the team ledger that succeeded: counts and money totals equal on both sides');
export type TeamMoveResult = z.infer<typeof TeamMoveResult>;
