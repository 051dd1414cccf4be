/**
 * The routing table: every endpoint of the spec (shared/spec/endpoints.ts) and the module that answers
 * it. An endpoint without a handler is known (405/501 instead of 404) but not implemented yet.
 */
import { ENDPOINTS, type EndpointDefinition, type EndpointName } from '../../shared/spec/endpoints.js';
import type { EndpointHandler } from './context.js';
import { issueInvoice } from './endpoints/issuance.js';

const HANDLERS: Partial<Record<EndpointName, EndpointHandler>> = {
  issueInvoice,
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
