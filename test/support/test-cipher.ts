/**
 * The SecretCipher port implemented for real without Electron: AES-256-GCM with a random per-process key.
 * Used by the browser harness and the tests in place of safeStorage (docs/architecture.md §1).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../main/ports.js';

export function createTestCipher(key: Buffer = randomBytes(32)): SecretCipher {
  return {
    backend: 'aes-256-gcm (test)',
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
