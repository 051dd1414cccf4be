/**
 * Stub Electron distributions for packaging tests (electron-builder's `electronDist`): Electron's binary
 * cannot be downloaded here, and packaging needs only the layout of a distribution — the executable (where
 * the fuses are flipped: it carries the fuse sentinel and a wire in Electron's default states), `version`,
 * the licences and `locales/`. Windows' executable is a real (empty) PE with a version resource, because
 * electron-builder writes the asar integrity into its resources; macOS's is an Electron.app with the
 * framework binary (the fuse file) and the helper apps whose Info.plist electron-builder rewrites.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Resedit from 'resedit';

/** @electron/fuses' sentinel; the wire follows it: version 1, length 8, then one byte per fuse. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, integrity off, asar-only off, snapshot off, file privileges on. */
const DEFAULT_WIRE = '10010001';

export type StubPlatform = 'linux' | 'win32' | 'darwin';

function fuseWire(): Buffer {
  return Buffer.concat([Buffer.from(FUSE_SENTINEL, 'latin1'), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE, 'latin1')]);
}

function shellStub(): Buffer {
  return Buffer.concat([Buffer.from('#!/bin/sh\n# stub Electron for packaging tests; fuse wire: '), fuseWire(), Buffer.from('\necho "stub electron: not runnable"\nexit 1\n')]);
}

/** An empty PE32+ with one version resource (electron-builder adds the asar integrity resource to it). */
function peStub(): Buffer {
  // resedit comes with electron-builder (app-builder-lib uses it for the same resource).
  const require = createRequire(import.meta.url);
  const { NtExecutable, NtExecutableResource, Resource } = require('resedit') as typeof Resedit;
  const executable = NtExecutable.createEmpty(false, false);
  const resource = NtExecutableResource.from(executable);
  const version = Resource.VersionInfo.createEmpty();
  version.setStringValues({ lang: 1033, codepage: 1200 }, { ProductName: 'Electron', FileDescription: 'stub Electron' });
  version.outputToResourceEntries(resource.entries);
  resource.outputResource(executable);
  // The wire rides in the PE's overlay, which resedit keeps when it rewrites the resources.
  return Buffer.concat([Buffer.from(executable.generate()), fuseWire()]);
}

function plist(entries: Record<string, string>): string {
  const body = Object.entries(entries)
    .map(([key, value]) => `  <key>${key}</key>\n  <string>${value}</string>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}\n</dict>\n</plist>\n`;
}

function write(file: string, content: string | Buffer, mode = 0o644): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content, { mode });
}

function macStub(dir: string, version: string): void {
  const contents = path.join(dir, 'Electron.app', 'Contents');
  write(path.join(contents, 'Info.plist'), plist({ CFBundleExecutable: 'Electron', CFBundleIdentifier: 'com.github.Electron', CFBundleName: 'Electron', CFBundleDisplayName: 'Electron', CFBundleVersion: version, CFBundleShortVersionString: version, CFBundleIconFile: 'electron.icns', CFBundlePackageType: 'APPL' }));
  write(path.join(contents, 'MacOS', 'Electron'), shellStub(), 0o755);
  write(path.join(contents, 'Resources', 'electron.icns'), '');
  write(path.join(contents, 'Resources', 'en.lproj', 'locale.pak'), '');
  write(path.join(contents, 'Frameworks', 'Electron Framework.framework', 'Electron Framework'), fuseWire());
  for (const suffix of ['', ' (GPU)', ' (Renderer)', ' (Plugin)']) {
    const name = `Electron Helper${suffix}`;
    const helper = path.join(contents, 'Frameworks', `${name}.app`, 'Contents');
    write(path.join(helper, 'Info.plist'), plist({ CFBundleExecutable: name, CFBundleIdentifier: 'com.github.Electron.helper', CFBundleName: name, CFBundleDisplayName: name, CFBundlePackageType: 'APPL' }));
    write(path.join(helper, 'MacOS', name), shellStub(), 0o755);
  }
  write(path.join(dir, 'version'), version);
  write(path.join(dir, 'LICENSE'), 'stub\n');
}

/** Writes a stub distribution of Electron `version` for `platform` into `dir` (made if missing); returns `dir`. */
export function writeStubElectronDist(dir: string, platform: StubPlatform, version: string): string {
  fs.mkdirSync(dir, { recursive: true });
  if (platform === 'darwin') {
    macStub(dir, version);
    return dir;
  }
  if (platform === 'win32') write(path.join(dir, 'electron.exe'), peStub(), 0o755);
  else write(path.join(dir, 'electron'), shellStub(), 0o755);
  write(path.join(dir, 'version'), version);
  write(path.join(dir, 'LICENSE'), 'stub\n');
  write(path.join(dir, 'LICENSES.chromium.html'), '<p>stub</p>\n');
  write(path.join(dir, 'locales', 'en-US.pak'), '');
  write(path.join(dir, 'locales', 'zh-CN.pak'), '');
  return dir;
}
