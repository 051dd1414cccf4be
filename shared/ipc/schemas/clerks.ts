/**
 * IPC shapes of clerks (docs/team-ledger.md §6): who works at the desk, in which role, and who is signed in.
 * A PIN goes in, never out: only its hash is kept (on a team ledger where no desk can read it).
 */
import { z } from 'zod';
import { plainText } from './plain-text.js';

/** 开票员 issues, prints and takes in received invoices; 复核 also approves red reversals; 管理员 also runs the desk. */
export const CLERK_ROLES = ['issuer', 'reviewer', 'admin'] as const;
export const ClerkRole = z.enum(CLERK_ROLES).describe('The clerk\'s role: issuer (开票员), reviewer (复核), admin (管理员)');
export type ClerkRole = z.infer<typeof ClerkRole>;

export const ClerkName = plainText(z.string().trim().min(1, '姓名不能为空').max(40, '姓名最多 40 个字符'), '姓名').describe('The clerk\'s name, unique at the desk');
/** Shortest new PIN: with five tries before a lock, 6 digits leave a guesser 5 in 1,000,000 (docs/team-ledger.md §6). */
export const PIN_MIN_LENGTH = 6;
/** A new or changed PIN (or password); PINs set before the rule keep working until they are changed. */
export const Pin = z
  .string()
  .min(PIN_MIN_LENGTH, `PIN 至少 ${PIN_MIN_LENGTH} 位`)
  .max(64, 'PIN 最多 64 个字符')
  .describe('New PIN or password, at least 6 characters (only its hash is kept: scrypt on the desk, bcrypt in a team ledger)');
/** A PIN typed to prove who one is: any length, so that every try is counted (a PIN set before the rule may be 4). */
export const TypedPin = z.string().min(1, 'PIN 不能为空').max(64, 'PIN 最多 64 个字符').describe('The PIN typed at sign-in');

export const Clerk = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    role: ClerkRole,
    active: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    lockedAt: z.string().nullable().describe('Since when sign-in is locked after wrong PINs (an admin unlocks); null = not locked'),
    enterprises: z.array(z.string()).describe('Tax numbers of the enterprises an admin limited the clerk to; empty: every enterprise'),
  })
  .describe('A clerk as the team list shows it (never the PIN hash)');
export type Clerk = z.infer<typeof Clerk>;

export const SignedInClerk = z.strictObject({ id: z.number().int(), name: z.string(), role: ClerkRole }).describe('The clerk signed in at this desk');
export type SignedInClerk = z.infer<typeof SignedInClerk>;

export const ClerkSession = z
  .strictObject({
    /** false: no clerk exists, the desk works as one implicit clerk with every right (as before clerks). */
    clerksExist: z.boolean(),
    clerk: SignedInClerk.nullable(),
  })
  .describe('Whether the desk has clerks and who is signed in');
export type ClerkSession = z.infer<typeof ClerkSession>;

export const SignInRequest = z.strictObject({ name: ClerkName, pin: TypedPin }).describe('Sign in by name and PIN');
export const AddClerkRequest = z.strictObject({ name: ClerkName, role: ClerkRole, pin: Pin }).describe('A new clerk; the first one must be an admin');
export const SetRoleRequest = z.strictObject({ id: z.number().int().positive(), role: ClerkRole }).describe('Changes a clerk\'s role');
export const SetActiveRequest = z.strictObject({ id: z.number().int().positive(), active: z.boolean() }).describe('Deactivates (or reactivates) a clerk');
export const ResetPinRequest = z.strictObject({ id: z.number().int().positive(), pin: Pin }).describe('An admin sets another clerk\'s PIN');
export const ChangeOwnPinRequest = z.strictObject({ current: TypedPin, pin: Pin }).describe('The signed-in clerk changes their own PIN');
export const UnlockClerkRequest = z.strictObject({ id: z.number().int().positive() }).describe("An admin lifts a clerk's sign-in lock");
export const SetEnterprisesRequest = z
  .strictObject({
    id: z.number().int().positive(),
    enterprises: z.array(plainText(z.string().trim().min(1).max(40), '纳税人识别号')).max(200),
  })
  .describe('An admin limits a clerk to these enterprises (tax numbers); an empty list: every enterprise');
export const ClerkList = z.array(Clerk).describe('Every clerk of the desk, active first');
