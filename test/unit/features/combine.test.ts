// combineFeatures (main/features/combine.ts): the core's one way of wiring features — IPC on the router,
// one owner per outbox kind, listeners on the event stream, start in order and stop in reverse.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { combineFeatures, type EventSubscribe } from '../../../main/features/combine.js';
import type { Feature } from '../../../main/features/feature.js';
import { createIpcRouter } from '../../../main/ipc/router.js';
import type { OutboxHandler } from '../../../main/outbox/worker.js';
import type { EventName, InvoiceSummary } from '../../../shared/ipc/index.js';

const handler: OutboxHandler = { send: () => Promise.reject(new Error('not sent in this test')) };

function stream(): { emit: (event: EventName, payload: unknown) => void; subscribe: EventSubscribe; count: () => number } {
  const emitter = new EventEmitter();
  return {
    emit: (event, payload) => emitter.emit('event', event, payload),
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => void emitter.off('event', listener);
    },
    count: () => emitter.listenerCount('event'),
  };
}

describe('combineFeatures', () => {
  it('registers every feature, runs start in list order and stop in reverse', async () => {
    const calls: string[] = [];
    const feature = (name: string): Feature => ({
      name,
      start: () => void calls.push(`start ${name}`),
      stop: () => void calls.push(`stop ${name}`),
    });
    const router = createIpcRouter();
    const withIpc: Feature = { name: 'info', registerIpc: (r) => r.handle('app:info', () => ({ version: '1', environment: 'sandbox', serviceBaseUrl: 'http://x', seller: { taxNumber: '', name: '' }, issuer: 'x' })) };
    const combined = combineFeatures([feature('a'), withIpc, feature('b')], router, stream().subscribe);
    expect(router.channels()).toEqual(['app:info']);
    await combined.start();
    await combined.stop();
    expect(calls).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  });

  it('puts off a start that fails for the reason given, starts it again later, and fails on any other reason', async () => {
    let reachable = false;
    const started: string[] = [];
    const needsLedger: Feature = {
      name: 'needs-ledger',
      start: () => {
        if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        started.push('needs-ledger');
      },
    };
    const other: Feature = { name: 'other', start: () => void started.push('other') };
    const combined = combineFeatures([needsLedger, other], createIpcRouter(), stream().subscribe);
    const original = console.warn;
    console.warn = () => {};
    try {
      await combined.start((error) => (error as { code?: string }).code === 'ECONNREFUSED');
      expect(combined.waiting).toEqual(['needs-ledger']);
      expect(started).toEqual(['other']);
      await combined.startWaiting();
      expect(combined.waiting).toEqual(['needs-ledger']);
      reachable = true;
      await combined.startWaiting();
    } finally {
      console.warn = original;
    }
    expect(combined.waiting).toEqual([]);
    expect(started).toEqual(['other', 'needs-ledger']);
    const failing = combineFeatures([{ name: 'broken', start: () => Promise.reject(new Error('bug')) }], createIpcRouter(), stream().subscribe);
    await expect(failing.start(() => false)).rejects.toThrow('bug');
  });

  it('gives each outbox kind exactly one owner', () => {
    const a: Feature = { name: 'a', outboxHandlers: { issuance: handler } };
    const b: Feature = { name: 'b', outboxHandlers: { issuance: handler } };
    expect(() => combineFeatures([a, b], createIpcRouter(), stream().subscribe)).toThrow(/outbox kind issuance claimed by both a and b/);
    expect(combineFeatures([a], createIpcRouter(), stream().subscribe).outboxHandlers).toEqual({ issuance: handler });
  });

  it('refuses a feature listed twice', () => {
    expect(() => combineFeatures([{ name: 'a' }, { name: 'a' }], createIpcRouter(), stream().subscribe)).toThrow(/listed twice/);
  });

  it('delivers events to `on` listeners, survives a failing one, and unsubscribes on stop', async () => {
    const events = stream();
    const seen: number[] = [];
    const failing: Feature = { name: 'failing', on: { 'issuance:updated': () => { throw new Error('listener bug'); } } };
    const listening: Feature = { name: 'batch', on: { 'issuance:updated': (invoice) => void seen.push(invoice.id) } };
    const combined = combineFeatures([failing, listening], createIpcRouter(), events.subscribe);
    const original = console.error;
    console.error = () => {};
    try {
      events.emit('issuance:updated', { id: 7 } as InvoiceSummary);
    } finally {
      console.error = original;
    }
    events.emit('batch:progress', {});
    expect(seen).toEqual([7]);
    await combined.stop();
    expect(events.count()).toBe(0);
  });
});
