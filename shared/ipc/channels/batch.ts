/** Channels of batch issuance from Excel, and its progress event. */
import { z } from 'zod';
import { BatchDetail, BatchFileResult, BatchId, BatchImportResult, BatchListRequest, BatchProgress, BatchSummary } from '../schemas/batch.js';
import { empty, type ChannelSpec } from './common.js';

export const batchChannels = {
  'batch:template': { request: empty, response: BatchFileResult },
  'batch:import': { request: empty, response: BatchImportResult },
  'batch:list': { request: BatchListRequest, response: z.array(BatchSummary) },
  'batch:get': { request: BatchId, response: BatchDetail },
  'batch:submit': { request: BatchId, response: BatchSummary },
  'batch:exportResults': { request: BatchId, response: BatchFileResult },
} as const satisfies Record<string, ChannelSpec>;

export const batchEvents = {
  'batch:progress': BatchProgress,
} as const;
