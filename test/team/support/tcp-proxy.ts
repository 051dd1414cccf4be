/**
 * A TCP proxy in front of the real PostgreSQL, so a test can take the team ledger away from one desk (close:
 * every connection through it is cut and new ones are refused) and give it back (open, on the same port)
 * without stopping the server other tests use. With `faults`, it also cuts single connections at points the
 * test picks — before a desk's bytes reach the server, or right after (the server acts on them, the desk
 * never reads the answer), or while an answer comes back — as a flapping network does.
 */
import net from 'node:net';

/** What becomes of one chunk on its way: passed on, or the connection cut before it or just after it was passed on. */
export type ProxyCut = 'pass' | 'cutBefore' | 'cutAfter';

/** One connection through the proxy; `marks` is the faults' own notes about it (what it carried so far). */
export interface ProxyLink {
  readonly id: number;
  readonly marks: Set<string>;
}

export interface ProxyFaults {
  /** A chunk the desk sends towards the server. */
  toServer?(chunk: Buffer, link: ProxyLink): ProxyCut;
  /** A chunk the server answers towards the desk. */
  toDesk?(chunk: Buffer, link: ProxyLink): ProxyCut;
}

export interface TcpProxy {
  readonly port: number;
  /** Cuts every connection and stops listening: the desk sees the database gone. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  /** Cuts every connection but `except` and stops listening, at once (from inside a fault): the ledger goes away around one connection. */
  isolate(except: ProxyLink): void;
  /** Replaces the faults (none: every chunk passes). */
  setFaults(faults: ProxyFaults | null): void;
  /** How many connections the faults cut so far, by kind. */
  readonly cuts: Record<Exclude<ProxyCut, 'pass'>, number>;
}

export async function startTcpProxy(target: { host: string; port: number }, initial: ProxyFaults | null = null): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const links = new Map<net.Socket, ProxyLink>();
  let linkCount = 0;
  let server: net.Server | null = null;
  let port = 0;
  let faults = initial;
  const cuts = { cutBefore: 0, cutAfter: 0 };

  /** Forwards `from` to `to` chunk by chunk, asking `decide` about each; a cut ends both sockets. */
  const forward = (from: net.Socket, to: net.Socket, link: ProxyLink, decide: () => ((chunk: Buffer, link: ProxyLink) => ProxyCut) | undefined) => {
    from.on('data', (chunk: Buffer) => {
      const verdict = decide()?.(chunk, link) ?? 'pass';
      if (verdict === 'cutBefore') {
        cuts.cutBefore += 1;
        from.destroy();
        to.destroy();
        return;
      }
      if (verdict === 'cutAfter') {
        cuts.cutAfter += 1;
        // The chunk reaches its side, which is ended (not destroyed, which could drop it) so that it acts on it;
        // the sender never hears the answer.
        to.end(chunk);
        from.destroy();
        return;
      }
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => from.resume());
      }
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const link: ProxyLink = { id: (linkCount += 1), marks: new Set() };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          links.set(socket, link);
          socket.on('close', () => {
            sockets.delete(socket);
            links.delete(socket);
          });
          socket.on('error', () => undefined);
        }
        forward(client, upstream, link, () => faults?.toServer?.bind(faults));
        forward(upstream, client, link, () => faults?.toDesk?.bind(faults));
        client.on('end', () => upstream.end());
        upstream.on('end', () => client.end());
        client.on('close', () => {
          // The server side of a cut-after connection is ended, not destroyed, so it reads what was sent.
          if (!upstream.writableEnded) upstream.destroy();
        });
        upstream.on('close', () => client.destroy());
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cuts,
    setFaults(next) {
      faults = next;
    },
    isolate(except) {
      for (const socket of sockets) if (links.get(socket) !== except) socket.destroy();
      const closing = server;
      server = null;
      closing?.close();
    },
    async close() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    open: listen,
  };
}
