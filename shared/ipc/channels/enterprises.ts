/** Channels of enterprise management and the active enterprise, and the event of a switch. */
import { z } from 'zod';
import { ActiveEnterprise, EnterpriseChoices, EnterpriseInput, EnterpriseListQuery, EnterprisePageView, EnterpriseView } from '../schemas/enterprises.js';
import { empty, type ChannelSpec } from './common.js';

const TaxNumber = z.strictObject({ taxNumber: z.string().min(1).max(20) });

export const enterpriseChannels = {
  'enterprises:list': { request: EnterpriseListQuery, response: EnterprisePageView },
  'enterprises:initialise': { request: EnterpriseInput, response: EnterpriseView },
  'enterprises:modify': { request: EnterpriseInput, response: EnterpriseView },
  'enterprises:choices': { request: empty, response: EnterpriseChoices },
  'enterprises:activate': { request: TaxNumber, response: ActiveEnterprise },
} as const satisfies Record<string, ChannelSpec>;

export const enterpriseEvents = {
  'enterprises:activeChanged': ActiveEnterprise,
} as const;
