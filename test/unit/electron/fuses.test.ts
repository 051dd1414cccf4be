/**
 * Issue 10 point 7: the packaged app's Electron fuses. Read from electron-builder.yml itself, so a
 * change to packaging that turns one back on fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

describe('electron-builder.yml fuses', () => {
  it('turns off RunAsNode, NODE_OPTIONS and --inspect; turns on cookie encryption, asar integrity, asar-only loading', () => {
    const config = parse(fs.readFileSync(path.join(import.meta.dirname, '../../../electron-builder.yml'), 'utf8')) as Record<string, unknown>;
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
