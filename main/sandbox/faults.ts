/**
 * Fault knobs (DESIGN.md §6: latency, error rate, dropped responses, malformed bodies). The HTTP layer
 * asks the plan before and after each handler; the knobs themselves arrive with a later issue, so the
 * default plan injects nothing.
 */
import type { EndpointDefinition } from '../../shared/spec/endpoints.js';

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
