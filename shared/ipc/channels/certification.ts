/** Channels of certification and its event. */
import { z } from 'zod';
import {
  CertificationBatchView,
  CertificationCheck,
  CertificationCheckResult,
  CertificationSelection,
  CertificationSubmit,
  CertificationSubmitted,
  CertificationSummary,
} from '../schemas/certification.js';
import { empty, type ChannelSpec } from './common.js';

const Pch = z.strictObject({ PCH: z.string().regex(/^[0-9A-Za-z]{32}$/, '批次号应为 32 位').describe('Batch number') });

export const certificationChannels = {
  'certification:submit': { request: CertificationSubmit, response: Pch },
  'certification:get': { request: Pch, response: CertificationBatchView },
  'certification:list': {
    request: z.strictObject({ limit: z.number().int().min(1).max(200).optional() }),
    response: z.array(CertificationBatchView),
  },
  'certification:check': { request: CertificationCheck, response: CertificationCheckResult, maxRequestBytes: 1024 * 1024 },
  'certification:submitSelection': { request: CertificationSelection, response: CertificationSubmitted, maxRequestBytes: 1024 * 1024 },
  'certification:retry': { request: empty, response: CertificationSubmitted },
  'certification:summary': { request: empty, response: CertificationSummary },
} as const satisfies Record<string, ChannelSpec>;

export const certificationEvents = {
  'certification:updated': CertificationBatchView,
} as const;
