/**
 * The routing table: every endpoint of the spec (shared/spec/endpoints.ts) and the module that answers
 * it. An endpoint without a handler is known (405/501 instead of 404) but not implemented yet.
 */
import { ENDPOINTS, type EndpointDefinition, type EndpointName } from '../shared/spec/endpoints.js';
import type { EndpointHandler } from './context.js';
import { initialiseEnterprise, listEnterprises, modifyEnterprise } from './endpoints/agency.js';
import { issueInvoice } from './endpoints/issuance.js';
import { collectInvoices, collectMainInformation } from './endpoints/collection.js';
import { applyCertification, certificationResult } from './endpoints/certification.js';
import { printInvoice } from './endpoints/print.js';
import { applyRedLetter, queryRedLetter } from './endpoints/redletter.js';
import { recognise } from './endpoints/recognition.js';
import { verifyInvoice } from './endpoints/verification.js';

const HANDLERS: Partial<Record<EndpointName, EndpointHandler>> = {
  issueInvoice,
  collectInvoices,
  collectMainInformation,
  applyCertification,
  certificationResult,
  printInvoice,
  queryRedLetter,
  applyRedLetter,
  listEnterprises,
  initialiseEnterprise,
  modifyEnterprise,
  recognise,
  verifyInvoice,
};

export interface Route {
  endpoint: EndpointDefinition;
  handler: EndpointHandler | undefined;
}

export const ROUTES: readonly Route[] = (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => ({
  endpoint: ENDPOINTS[name],
  handler: HANDLERS[name],
}));

export type RouteMatch = { kind: 'found'; route: Route } | { kind: 'wrong-method'; allowed: Route[] } | { kind: 'unknown-path' };

export function matchRoute(method: string, path: string): RouteMatch {
  const onPath = ROUTES.filter((route) => route.endpoint.path === path);
  if (onPath.length === 0) return { kind: 'unknown-path' };
  const route = onPath.find((candidate) => candidate.endpoint.method === method);
  return route ? { kind: 'found', route } : { kind: 'wrong-method', allowed: onPath };
}
