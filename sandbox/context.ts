/** What an endpoint module gets from the sandbox's HTTP layer, and what it gives back. */
import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointDefinition } from '../shared/spec/endpoints.js';
import type { SandboxCredential } from './auth.js';
import type { SandboxReply } from './envelope.js';
import type { Db } from './database.js';
import type { SandboxStore } from './store.js';

export interface SandboxContext {
  /** Issuance state (SQL in store.ts). */
  store: SandboxStore;
  /**
   * The sandbox database itself, for the other domains' stores: each domain keeps its SQL in its own
   * module under sandbox/stores/ and opens its statements on this handle.
   */
  db: Db;
  /** Base address the sandbox answers on (for the file links it hands out), e.g. http://127.0.0.1:8787. */
  baseUrl: () => string;
  /** Credentials the sandbox knows (tax numbers authorised per AppKey). */
  credentials: readonly SandboxCredential[];
  /** Seed of the deterministic tax authority, when one was asked for. */
  seed: number | undefined;
  now: () => Date;
  /** How long an accepted issuance stays pending before a resubmission gets the invoice. */
  issueDelayMs: number;
}

export interface EndpointRequest {
  endpoint: EndpointDefinition;
  /** Request target exactly as received, e.g. `/openApi/v4/fp/hzcx?lsh=1&all=1`. */
  pathAndQuery: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The caller, already authenticated by its signature. */
  credential: SandboxCredential;
  /** The parsed JSON body; undefined for requests without a body (GET). */
  json: unknown;
}

export type EndpointHandler = (request: EndpointRequest, context: SandboxContext) => SandboxReply | Promise<SandboxReply>;
