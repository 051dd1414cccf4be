/** Channels of clerks: signing in and out, and the team list in settings → 操作员 (docs/team-ledger.md §6). */
import {
  AddClerkRequest,
  ChangeOwnPinRequest,
  ClerkList,
  ClerkSession,
  ResetPinRequest,
  SetActiveRequest,
  SetEnterprisesRequest,
  SetRoleRequest,
  SignInRequest,
  UnlockClerkRequest,
} from '../schemas/clerks.js';
import { empty, type ChannelSpec } from './common.js';

export const clerkChannels = {
  'clerks:session': { request: empty, response: ClerkSession },
  'clerks:signIn': { request: SignInRequest, response: ClerkSession },
  'clerks:signOut': { request: empty, response: ClerkSession },
  'clerks:list': { request: empty, response: ClerkList },
  'clerks:add': { request: AddClerkRequest, response: ClerkSession },
  'clerks:setRole': { request: SetRoleRequest, response: ClerkList },
  'clerks:setActive': { request: SetActiveRequest, response: ClerkList },
  'clerks:resetPin': { request: ResetPinRequest, response: ClerkList },
  'clerks:setEnterprises': { request: SetEnterprisesRequest, response: ClerkList },
  'clerks:changeOwnPin': { request: ChangeOwnPinRequest, response: ClerkSession },
  'clerks:unlock': { request: UnlockClerkRequest, response: ClerkList },
} as const satisfies Record<string, ChannelSpec>;
