/**
 * The 13 endpoints of the service (spec "Endpoints"): method, path and envelope. The client and the
 * sandbox's routing table both read this table, so a path is spelt in one place only. `wired` says which
 * ones the app and sandbox implement so far.
 */
import type { EnvelopeKind } from './envelopes.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path relative to the base address. */
  path: string;
  envelope: EnvelopeKind;
  purpose: string;
  wired: boolean;
}

export const ENDPOINTS = {
  recognise: { method: 'POST', path: '/input/openApi/ocr', envelope: 'E3', purpose: 'recognise and verify an invoice image or file', wired: true },
  issueInvoice: { method: 'POST', path: '/openApi/v4/fp/fpkj', envelope: 'E1', purpose: 'issue an invoice', wired: true },
  collectInvoices: { method: 'POST', path: '/input/openApi/invoice', envelope: 'E2', purpose: 'collect input invoices with details', wired: true },
  verifyInvoice: { method: 'POST', path: '/input/openApi/checkInvoiceSingle', envelope: 'E4', purpose: 'verify one invoice', wired: true },
  printInvoice: { method: 'POST', path: '/openApi/v4/fp/fpdy', envelope: 'E1', purpose: 'print request for an issued paper invoice', wired: true },
  collectMainInformation: { method: 'POST', path: '/input/openApi/mainInvoice', envelope: 'E2', purpose: "collect input invoices' main information", wired: true },
  certificationResult: { method: 'POST', path: '/input/openApi/applyLegalizeResult', envelope: 'E2', purpose: 'certification result of a batch', wired: true },
  queryRedLetter: { method: 'GET', path: '/openApi/v4/fp/hzcx', envelope: 'E1', purpose: 'query a red-letter form application', wired: true },
  applyRedLetter: { method: 'POST', path: '/openApi/v4/fp/hzsq', envelope: 'E1', purpose: 'apply for a red-letter information form', wired: true },
  applyCertification: { method: 'POST', path: '/input/openApi/applyLegalize', envelope: 'E2', purpose: 'apply for certification', wired: true },
  listEnterprises: { method: 'GET', path: '/openApi/agency', envelope: 'E1', purpose: 'page through enterprises', wired: true },
  initialiseEnterprise: { method: 'POST', path: '/openApi/agency', envelope: 'E1', purpose: 'initialise an enterprise', wired: true },
  modifyEnterprise: { method: 'PATCH', path: '/openApi/agency', envelope: 'E1', purpose: 'modify an enterprise', wired: true },
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;

/** `METHOD /path`, the name of an endpoint in messages and logs. */
export function endpointLabel(endpoint: EndpointDefinition): string {
  return `${endpoint.method} ${endpoint.path}`;
}
