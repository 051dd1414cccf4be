/**
 * A failed call to the invoice service as the IPC failure the clerk sees: a refusal (ServiceError) keeps
 * the service's code and its own message as params, an unknown outcome (TransportError) says the service
 * could not be reached. Both messages are already redacted by the client; anything else is rethrown.
 */
import { IpcFailure } from '../../shared/ipc/index.js';
import { ServiceError, TransportError } from './errors.js';

export function serviceFailure(error: unknown): never {
  if (error instanceof ServiceError) {
    throw new IpcFailure('SERVICE_ERROR', `${error.code} ${error.serviceMessage}`.trim(), { serviceCode: error.code, serviceMessage: error.serviceMessage });
  }
  if (error instanceof TransportError) throw new IpcFailure('NETWORK_ERROR', error.message, { kind: error.kind });
  throw error;
}
