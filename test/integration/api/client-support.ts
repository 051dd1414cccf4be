/** Helpers shared by the service-client tests: a client for a base URL and typed failure capture. */
import { expect } from 'vitest';
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from '../../../main/api/client.js';
import { ServiceError, TransportError } from '../../../main/api/errors.js';
import { createHmacSigner, type HmacSignerOptions } from '../../../main/api/signer.js';
import { DEMO_CREDENTIALS } from '../../../sandbox/index.js';

export function clientFor(baseUrl: string, options: Partial<ServiceClientOptions> & { credential?: HmacSignerOptions } = {}): ServiceClient {
  const { credential, ...rest } = options;
  const signer = createHmacSigner(credential ?? { appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret });
  return createServiceClient({ baseUrl, signer, timeoutMs: 5_000, retryBackoffMs: 10, ...rest });
}

/** A client whose signer uses the wrong secret: every endpoint refuses it with 2002. */
export function wrongSecretClient(baseUrl: string): ServiceClient {
  return clientFor(baseUrl, { credential: { appKey: DEMO_CREDENTIALS.appKey, appSecret: 'wrong-secret-0123456789' } });
}

export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

export async function refusalOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

export async function transportFailureOf(promise: Promise<unknown>): Promise<TransportError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

/** A fetch that counts what went out, per `METHOD path`, so a test can tell retries from single sends. */
export function countingFetch(): { fetch: typeof globalThis.fetch; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return globalThis.fetch(input, init);
    },
  };
}
