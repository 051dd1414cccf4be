/** Channels of collection (采集) and the input ledger (进项台账), and the progress event of a collection run. */
import { z } from 'zod';
import {
  CollectionRunView,
  CollectionSettings,
  CollectionStart,
  LedgerDetail,
  LedgerExport,
  LedgerExportResult,
  LedgerPage,
  LedgerQuery,
} from '../schemas/collection.js';
import { empty, type ChannelSpec } from './common.js';

const RunIds = z.strictObject({ runIds: z.array(z.number().int()) });

export const collectionChannels = {
  'collection:start': { request: CollectionStart, response: RunIds },
  'collection:sync': { request: empty, response: RunIds },
  'collection:runs': { request: empty, response: z.array(CollectionRunView) },
  'collection:settings': { request: empty, response: CollectionSettings },
  'collection:setSyncOnStart': { request: CollectionSettings, response: CollectionSettings },
  'collection:ledger': { request: LedgerQuery, response: LedgerPage },
  'collection:detail': { request: z.strictObject({ id: z.number().int() }), response: LedgerDetail },
  'collection:export': { request: LedgerExport, response: LedgerExportResult },
} as const satisfies Record<string, ChannelSpec>;

export const collectionEvents = {
  'collection:progress': CollectionRunView,
} as const;
