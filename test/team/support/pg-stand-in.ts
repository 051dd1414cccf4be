/**
 * A stand-in for the team ledger's PostgreSQL on one loopback port, switched by the test: `closed` (nothing
 * listens: the connection is refused), `shuttingDown` (it answers PostgreSQL's startup message with the
 * ErrorResponse a server sends while it stops — FATAL 57P03 "the database system is shutting down" — and
 * hangs up) and `open` (every connection piped to the real server). Enough for a desk to meet each at start.
 */
import net from 'node:net';

export type StandInMode = 'closed' | 'shuttingDown' | 'open';

export interface PgStandIn {
  readonly port: number;
  set(mode: StandInMode): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's ErrorResponse ('E', length, fields of a type byte and a NUL-ended text, then a NUL). */
export function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([...Object.entries(fields).map(([type, text]) => Buffer.from(`${type}${text}\0`, 'utf8')), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const SHUTTING_DOWN = errorResponse({ S: 'FATAL', V: 'FATAL', C: '57P03', M: 'the database system is shutting down' });

export async function startPgStandIn(target: { host: string; port: number }, initial: StandInMode): Promise<PgStandIn> {
  let mode: StandInMode = initial;
  let server: net.Server | null = null;
  let port = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        track(client);
        if (mode === 'shuttingDown') {
          // The startup packet (or an SSLRequest) arrives first; the answer is the refusal, then the hang-up.
          client.once('data', () => client.end(SHUTTING_DOWN));
          return;
        }
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  // The port is taken once, so that `closed` later means this very port refuses.
  await listen();
  if (initial === 'closed') await stop();
  return {
    get port() {
      return port;
    },
    async set(next) {
      if (next === 'closed') {
        mode = next;
        return stop();
      }
      // Connections of the previous mode are cut, as a restarting server cuts them.
      for (const socket of sockets) socket.destroy();
      mode = next;
      if (!server) await listen();
    },
    close: stop,
  };
}
