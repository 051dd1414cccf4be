/** Calls through a core's router as the hosts dispatch, and their answers read as a test wants them (the clerks tests). */
import { expect } from 'vitest';
import type { Core } from '../../../main/core.js';
import type { Channel, IpcResult } from '../../../shared/ipc/index.js';

export const call = (core: Core, channel: Channel, payload: unknown = {}) => core.router.dispatch(channel, payload);

/** The answer's value; a refusal fails the test naming its code, key and params. */
export function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return result.value as T;
}

/** The refusal's code, key and params (the call must have been refused). */
export function refusal(result: IpcResult<unknown>) {
  expect(result.ok).toBe(false);
  return result.ok ? null : { code: result.error.code, key: result.error.key, params: result.error.params };
}
