/**
 * Hostile requests (issue 10.8): any web page the clerk opens can send requests to the sandbox on
 * 127.0.0.1. Odd request-targets once killed the server (and the app process that embedded it): each is
 * now answered 400 and the server keeps answering — a valid signed request succeeds after every one.
 * Bodies over the cap are refused 413 before they are read. Sent over a raw socket, byte for byte.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../sandbox/server.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

let box: TestSandbox;
const errors: unknown[] = [];
beforeAll(async () => {
  box = await startTestSandbox({ onError: (error) => errors.push(error) });
});
afterAll(() => box.close());

/** Sends raw bytes, returns the status line's code (or 0 when the server closed without answering). */
function raw(request: Buffer | string): Promise<{ status: number; text: string }> {
  const { port } = new URL(box.sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.end(request);
  });
}

const get = (target: Buffer | string) =>
  Buffer.concat([Buffer.from('GET '), Buffer.isBuffer(target) ? target : Buffer.from(target, 'latin1'), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')]);

const ODD_TARGETS: Array<[string, Buffer | string]> = [
  ['//', '//'],
  ['//[', '//['],
  ['http://', 'http://'],
  ['absolute-form', 'http://127.0.0.1/openApi/v4/fp/fpkj'],
  ['*', '*'],
  ['very long (6 k)', `/openApi/${'a'.repeat(6_000)}`],
  ['too long for the parser (40 k)', `/${'b'.repeat(40_000)}`],
  ['non-ASCII bytes', Buffer.from('/开票', 'utf8')],
  ['%zz', '/openApi/%zz'],
  ['lone %', '/openApi/100%'],
  ['backslashes', '/\\\\evil.example/'],
  ['empty-looking', '?'],
];

async function signedIssuanceWorks(): Promise<void> {
  const answer = await box.call('/openApi/v4/fp/fpkj', sampleIssuance());
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ status: true, code: 0 });
}

describe('hostile request-targets', () => {
  it.each(ODD_TARGETS)('answers %s with 400 and keeps serving signed requests', async (_name, target) => {
    const answer = await raw(get(target));
    expect(answer.status).toBe(400);
    await signedIssuanceWorks();
  });

  it('reports no sandbox error for any of them (refused, not crashed)', () => {
    expect(errors).toEqual([]);
  });

  it('refuses a declared body over the cap with 413 before reading it, and goes on', async () => {
    const answer = await raw(`POST /openApi/v4/fp/fpkj HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\nConnection: close\r\n\r\n{`);
    expect(answer.status).toBe(413);
    await signedIssuanceWorks();
  });

  it('refuses a streamed (chunked) body once it passes the cap with 413, and goes on', async () => {
    const { port } = new URL(box.sandbox.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
        if (match) {
          socket.destroy();
          resolve(Number(match[1]));
        }
      });
      socket.on('error', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
      socket.write('POST /openApi/v4/fp/fpkj HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_BODY_BYTES + chunk.length && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`)) return void socket.once('drain', pump);
        }
      };
      pump();
      socket.on('close', () => reject(new Error('closed without an answer')));
    });
    expect(status).toBe(413);
    await signedIssuanceWorks();
  });
});
