/**
 * A clerk's PIN, kept only as a scrypt hash (`scrypt$N$r$p$salt$hash`, salt and hash base64): the desk's file
 * never holds the PIN, and a copied database does not give it away cheaply. Asynchronous (libuv's thread
 * pool), so hashing never holds main's event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `pin` is the one hashed; false for a wrong PIN and for a stored value this code cannot read. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (!Number.isInteger(n) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length !== KEY_LENGTH) return false;
  const key = await derive(pin, salt, { N: n, r, p });
  return timingSafeEqual(key, expected);
}

/**
 * The key a desk derives from a PIN and a stored scrypt hash's parameters and salt (`scrypt$N$r$p$salt`, the
 * hash without its key), base64 as stored: how a team ledger checks a PIN hashed on a desk before it moved in,
 * without the desk ever reading the stored key (pg migration 0650).
 */
export async function deriveScryptKey(pin: string, params: string): Promise<string> {
  const parts = params.split('$');
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (parts.length !== 5 || parts[0] !== 'scrypt' || ![n, r, p].every(Number.isInteger) || n > 65_536 || r > 16 || p > 4) {
    throw new Error(`not the parameters of a scrypt PIN hash: ${params.slice(0, 40)}`);
  }
  return (await derive(pin, Buffer.from(parts[4]!, 'base64'), { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 })).toString('base64');
}
