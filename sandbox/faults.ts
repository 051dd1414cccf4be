/**
 * Fault knobs (docs/architecture.md §6: latency, error rate, dropped responses, malformed bodies). The HTTP layer
 * asks the plan before and after each handler. `createFaultPlan` builds a plan from rates; a seeded
 * random source makes a run's sequence of faults repeatable, so a failing exactly-once test can be
 * replayed. `createFaultSwitch` lets the test-only control API (control.ts) replace the plan at run time.
 */
import { z } from 'zod';
import { ENDPOINTS, type EndpointDefinition, type EndpointName } from '../shared/spec/endpoints.js';
import { SANDBOX_CODES } from './codes.js';
import { failure } from './envelope.js';

export type InjectedFault =
  /** Answer with this raw status and body instead of running the endpoint (500s live here). */
  | { kind: 'respond'; httpStatus: number; body: string; contentType?: string }
  /** Close the connection without answering. */
  | { kind: 'drop' };

export interface FaultPlan {
  /** Before the endpoint runs: a fault that replaces it, or undefined. */
  beforeHandler(endpoint: EndpointDefinition): InjectedFault | undefined;
  /** After the endpoint ran (its effects are committed): a fault that replaces the answer, or undefined. */
  afterHandler(endpoint: EndpointDefinition): InjectedFault | undefined;
  /** Extra delay before answering, in milliseconds. */
  latencyMs(endpoint: EndpointDefinition): number;
}

export const NO_FAULTS: FaultPlan = {
  beforeHandler: () => undefined,
  afterHandler: () => undefined,
  latencyMs: () => 0,
};

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as [EndpointName, ...EndpointName[]];
const rate = (what: string) => z.number().min(0).max(1).optional().describe(what);

/** What a fault plan is made of; the same shape arrives from the CLI flags and the control API. */
export const FaultConfig = z
  .strictObject({
    latencyMs: z.number().int().min(0).max(60_000).optional().describe('Fixed delay added before every answer, in milliseconds (default 0)'),
    latencyJitterMs: z
      .number()
      .int()
      .min(0)
      .max(60_000)
      .optional()
      .describe('Random extra delay, uniformly 0 to this many milliseconds, on top of latencyMs (default 0)'),
    errorRate: rate(
      'Share of requests (0–1) answered with a 5xx before the endpoint runs: nothing is processed, so a retry is always safe',
    ),
    dropRate: rate(
      'Share of requests (0–1) whose endpoint runs and commits, after which the connection is destroyed without an answer: the hardest case for exactly-once',
    ),
    malformedRate: rate(
      'Share of requests (0–1) whose endpoint runs and commits, then answered with status 200 and a truncated, HTML or garbled body',
    ),
    endpoints: z
      .array(z.enum(ENDPOINT_NAMES))
      .optional()
      .describe('Endpoints the faults apply to, by name in shared/spec/endpoints.ts (default: all)'),
    seed: z
      .number()
      .int()
      .optional()
      .describe('Seed of the random source deciding which requests fail (control API only; default: not repeatable)'),
  })
  // Drop and malformed share one draw after the handler, so together they cannot exceed every request.
  .refine((config) => (config.dropRate ?? 0) + (config.malformedRate ?? 0) <= 1, 'dropRate + malformedRate must not exceed 1')
  .describe('Fault injection settings of the sandbox');
export type FaultConfig = z.infer<typeof FaultConfig>;

/** mulberry32: tiny, fast and good enough to spread faults; determinism is all that matters here. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HTML_GATEWAY_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** Bodies a broken proxy or a crashing service really sends with a 200: cut off, an HTML page, binary junk. */
const MALFORMED_BODIES: readonly InjectedFault[] = [
  { kind: 'respond', httpStatus: 200, body: '{"status":true,"code":0,"msg":"开具成功","timestamp":"2025-03-01T09:30:00.1', contentType: 'application/json; charset=utf-8' },
  { kind: 'respond', httpStatus: 200, body: HTML_GATEWAY_PAGE, contentType: 'text/html; charset=utf-8' },
  // A gzip header without Content-Encoding, as a misconfigured proxy sends it.
  { kind: 'respond', httpStatus: 200, body: '\u001f\u008b\u0008\u0000\u0000\u0000\u0000\u0000\u0000\u0003\u00ab\u0056\u002a', contentType: 'application/json; charset=utf-8' },
];

const endpointKey = (endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string => `${endpoint.method} ${endpoint.path}`;

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.min(items.length - 1, Math.floor(random() * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * A plan that injects faults at the given rates. Each in-scope request draws once before the handler
 * (error), once after it (drop or malformed, then the malformed variant) and once for the jitter, so with
 * a seeded `random` the same sequence of requests meets the same faults.
 */
export function createFaultPlan(config: Omit<FaultConfig, 'seed'>, random: () => number = Math.random): FaultPlan {
  const inScope = config.endpoints
    ? new Set(config.endpoints.map((name) => endpointKey(ENDPOINTS[name])))
    : undefined;
  const applies = (endpoint: EndpointDefinition) => !inScope || inScope.has(endpointKey(endpoint));
  const errorRate = config.errorRate ?? 0;
  const dropRate = config.dropRate ?? 0;
  const malformedRate = config.malformedRate ?? 0;
  const latency = config.latencyMs ?? 0;
  const jitter = config.latencyJitterMs ?? 0;

  return {
    beforeHandler(endpoint) {
      if (errorRate === 0 || !applies(endpoint) || random() >= errorRate) return undefined;
      // Half the 5xx come from the service itself (its envelope, 2011), half from a gateway in front of it.
      if (random() < 0.5) {
        // The fault has no access to the sandbox clock; the timestamp of an injected error is immaterial.
        const reply = failure(endpoint.envelope, SANDBOX_CODES.internal, '注入的故障：请求未被处理', new Date(), 500);
        return { kind: 'respond', httpStatus: 500, body: JSON.stringify(reply.body) };
      }
      return { kind: 'respond', httpStatus: 503, body: HTML_GATEWAY_PAGE.replaceAll('502 Bad Gateway', '503 Service Unavailable'), contentType: 'text/html; charset=utf-8' };
    },
    afterHandler(endpoint) {
      if (dropRate + malformedRate === 0 || !applies(endpoint)) return undefined;
      const draw = random();
      if (draw < dropRate) return { kind: 'drop' };
      if (draw < dropRate + malformedRate) return pick(MALFORMED_BODIES, random);
      return undefined;
    },
    latencyMs(endpoint) {
      if ((latency === 0 && jitter === 0) || !applies(endpoint)) return 0;
      return latency + (jitter === 0 ? 0 : Math.floor(random() * (jitter + 1)));
    },
  };
}

/** A plan whose faults can be replaced while the sandbox runs (the control API), remembering its settings. */
export interface FaultSwitch extends FaultPlan {
  set(plan: FaultPlan, config: FaultConfig | undefined): void;
  /** The settings of the current plan when it was built from a config; undefined for a hand-made plan. */
  readonly config: FaultConfig | undefined;
}

export function createFaultSwitch(initial: FaultPlan, initialConfig?: FaultConfig): FaultSwitch {
  let current = initial;
  let config = initialConfig;
  return {
    beforeHandler: (endpoint) => current.beforeHandler(endpoint),
    afterHandler: (endpoint) => current.afterHandler(endpoint),
    latencyMs: (endpoint) => current.latencyMs(endpoint),
    set(plan, nextConfig) {
      current = plan;
      config = nextConfig;
    },
    get config() {
      return config;
    },
  };
}

/** Builds the plan a config describes, with its own seeded random source when it names a seed. */
export function faultPlanFromConfig(config: FaultConfig): FaultPlan {
  const { seed, ...rates } = config;
  return createFaultPlan(rates, seed === undefined ? Math.random : seededRandom(seed));
}
