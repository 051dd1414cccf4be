// The native binaries every packaging target needs, put into node_modules before electron-builder runs
// (`node scripts/natives.mjs`, part of `npm run dist`; the packaging test calls it too).
//
// better-sqlite3 ships every platform's prebuild inside its own npm package. @napi-rs/canvas has one
// package per platform, and npm installs only the build machine's: the others are fetched here with
// `npm pack` (the npm registry through npm's own client and cache), checked against the integrity
// package-lock.json records for them, and unpacked where npm would have put them. electron-builder.yml
// then copies into each target only the binaries of its own platform and architecture.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** electron-builder's platform keys → Node's platform names. */
const PLATFORMS = { win: 'win32', mac: 'darwin', linux: 'linux' };

/** The @napi-rs/canvas package of a target (glibc on Linux, MSVC on Windows). */
export function canvasPackage(platform, arch) {
  const suffix = platform === 'linux' ? '-gnu' : platform === 'win32' ? '-msvc' : '';
  return `@napi-rs/canvas-${platform}-${arch}${suffix}`;
}

/** better-sqlite3's prebuild of a target, relative to its package folder. */
export function sqlitePrebuild(platform, arch) {
  return `prebuilds/${platform}-${arch}.node`;
}

/** Every platform and architecture electron-builder.yml packages for, as `{ platform, arch, builderKey }`. */
export function packagingTargets(root = ROOT) {
  const config = parse(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
  const targets = [];
  for (const [builderKey, platform] of Object.entries(PLATFORMS)) {
    const archs = new Set();
    for (const target of config[builderKey]?.target ?? []) for (const arch of target.arch ?? ['x64']) archs.add(arch);
    for (const arch of archs) targets.push({ platform, arch, builderKey });
  }
  return targets;
}

function lockEntry(root, name) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${name}`];
  if (!entry?.version || !entry.integrity) throw new Error(`${name} is not in package-lock.json (is @napi-rs/canvas's optional dependency list changed?)`);
  return entry;
}

function installedVersion(folder) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Puts one package, at the version and integrity the lockfile records, into node_modules unless it is there. */
function ensurePackage(root, name, log) {
  const entry = lockEntry(root, name);
  const folder = path.join(root, 'node_modules', name);
  if (installedVersion(folder) === entry.version) return false;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-natives-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const [packed] = JSON.parse(execFileSync(npm, ['pack', `${name}@${entry.version}`, '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    const tarball = path.join(work, packed.filename);
    const [algorithm, expected] = entry.integrity.split('-', 2);
    const actual = crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${name}@${entry.version}: the registry's tarball does not match package-lock.json's integrity`);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', folder]);
    log(`natives: ${name}@${entry.version} added for packaging`);
    return true;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Makes node_modules hold every target's native packages; returns the packages it had to add. */
export function ensureNatives(root = ROOT, log = console.log) {
  const added = [];
  for (const { platform, arch } of packagingTargets(root)) {
    const name = canvasPackage(platform, arch);
    if (ensurePackage(root, name, log)) added.push(name);
  }
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureNatives();
