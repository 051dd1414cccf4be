import { z } from 'zod';

export interface ChannelSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  request: Req;
  response: Res;
  /** Largest accepted request in bytes (UTF-16 estimate); defaults to DEFAULT_MAX_REQUEST_BYTES. */
  maxRequestBytes?: number;
}

export const DEFAULT_MAX_REQUEST_BYTES = 256 * 1024;

export const empty = z.strictObject({}).describe('No parameters');
