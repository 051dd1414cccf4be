/** Channels of 常用发票 (invoice templates). 再开一张 (`issuance:repeat`) lives with issuance. */
import { z } from 'zod';
import { SavedTemplate, SaveTemplateRequest, TemplateId, TemplateQuery, TemplateSummary } from '../schemas/templates.js';
import type { ChannelSpec } from './common.js';

export const templateChannels = {
  'templates:list': { request: TemplateQuery, response: z.strictObject({ rows: z.array(TemplateSummary) }) },
  'templates:save': { request: SaveTemplateRequest, response: TemplateSummary, maxRequestBytes: 1024 * 1024 },
  'templates:load': { request: TemplateId, response: SavedTemplate },
  'templates:delete': { request: TemplateId, response: z.strictObject({ deleted: z.boolean() }) },
} as const satisfies Record<string, ChannelSpec>;
