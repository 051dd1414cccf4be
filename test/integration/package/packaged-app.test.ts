/**
 * The app as it is installed (issue 26). Electron's binary cannot be downloaded here, but packaging needs
 * only a distribution's layout: every target electron-builder.yml names is packaged (`dir`) with a stub
 * Electron distribution (test/support/package/stub-electron-dist.ts), the fuses are read back from the
 * packaged executable, and each package is checked against the manifest of what the code loads at run
 * time (test/support/package/runtime-files.ts), its native binaries by their headers: format and machine
 * for the target's platform and architecture. Then the build machine's own package runs: its main bundle,
 * from the extracted app.asar with the unpacked files where Electron keeps them (and no .mjs left inside
 * the archive, which Electron's ESM loader cannot be relied on to read), under Node 24 and the electron
 * stub (test/fixtures/package/smoke-driver.cjs). Prints one line:
 * `package: targets=N natives-ok=N files-missing=0 smoke=ok`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractAll, statFile } from '@electron/asar';
import { getCurrentFuseWire, FuseV1Options } from '@electron/fuses';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { ensureNatives, packagingTargets } from '../../../scripts/natives.mjs';
import { REPO_ROOT } from '../../harness/server.js';
import { CUPS_PDF_PRINTER } from '../../support/cups-pdf.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { formatOf, readBinaryKind } from '../../support/package/binary-header.js';
import { filesOf, nativeFiles, RUNTIME_FILES, RUNTIME_FOLDERS, type Place } from '../../support/package/runtime-files.js';
import { writeStubElectronDist, type StubPlatform } from '../../support/package/stub-electron-dist.js';

interface Target {
  platform: StubPlatform;
  arch: string;
  builderKey: 'win' | 'mac' | 'linux';
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-package-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const config = parse(fs.readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as { electronFuses: Record<string, boolean>; linux: { executableName: string }; productName: string };
const electronVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

/** electron-builder's output folder of a `dir` target, and where the packaged app's resources and fuse file are. */
function layout(out: string, target: Target): { resources: string; fuseTarget: string } {
  const suffix = target.arch === 'x64' ? '' : `-${target.arch}`;
  if (target.platform === 'darwin') {
    const app = path.join(out, `mac${suffix}`, `${config.productName}.app`);
    return { resources: path.join(app, 'Contents', 'Resources'), fuseTarget: app };
  }
  const dir = path.join(out, `${target.builderKey}${suffix}-unpacked`);
  const executable = target.platform === 'win32' ? `${config.productName}.exe` : config.linux.executableName;
  return { resources: path.join(dir, 'resources'), fuseTarget: path.join(dir, executable) };
}

/** The fuse settings of electron-builder.yml, by @electron/fuses' option numbers. */
const FUSE_OPTIONS: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
};

async function wrongFuses(fuseTarget: string): Promise<string[]> {
  const wire = (await getCurrentFuseWire(fuseTarget)) as unknown as Record<number, number>;
  return Object.entries(config.electronFuses)
    .filter(([name, on]) => wire[FUSE_OPTIONS[name]!] !== (on ? 49 : 48))
    .map(([name]) => `fuse ${name} is ${String(wire[FUSE_OPTIONS[name]!])}`);
}

function present(resources: string, place: Place, file: string): boolean {
  if (place === 'resources') return fs.existsSync(path.join(resources, file));
  if (place === 'unpacked') return fs.existsSync(path.join(resources, 'app.asar.unpacked', file));
  try {
    // In the archive's index; electron-builder may keep a package with native code unpacked as a whole
    // (Electron reads such files from app.asar.unpacked by itself), then the file must be there.
    const entry = statFile(path.join(resources, 'app.asar'), file) as { unpacked?: boolean };
    return !entry.unpacked || fs.existsSync(path.join(resources, 'app.asar.unpacked', file));
  } catch {
    return false;
  }
}

function missingFiles(resources: string): string[] {
  const wanted = [
    ...RUNTIME_FILES.map(({ place, file }) => ({ place, file })),
    ...RUNTIME_FOLDERS.flatMap(({ place, folder }) => filesOf(REPO_ROOT, folder).map((file) => ({ place, file }))),
  ];
  return wanted.filter(({ place, file }) => !present(resources, place, file)).map(({ place, file }) => `${place}:${file}`);
}

/** Problems with the target's native binaries: missing, or built for another platform or machine. */
function nativeProblems(resources: string, target: Target): string[] {
  const unpacked = path.join(resources, 'app.asar.unpacked');
  const problems = nativeFiles(target.platform, target.arch)
    .filter(({ file }) => !fs.existsSync(path.join(unpacked, file)))
    .map(({ file, why }) => `missing ${why} ${file}`);
  // Every .node file in the package, not only the expected ones, must be the target's.
  const found = fs.existsSync(unpacked) ? filesOf(unpacked, '.').filter((file) => file.endsWith('.node')) : [];
  for (const file of found) {
    const kind = readBinaryKind(fs.readFileSync(path.join(unpacked, file)));
    if (kind?.format !== formatOf(target.platform) || !kind.archs.includes(target.arch)) problems.push(`${file} is ${JSON.stringify(kind)}`);
  }
  return problems;
}

function packagePlatform(builderKey: string, platform: StubPlatform, archs: string[]): string {
  const out = path.join(work, builderKey);
  const dist = writeStubElectronDist(path.join(work, `electron-${platform}`), platform, electronVersion);
  const cli = path.join(REPO_ROOT, 'node_modules', 'electron-builder', 'cli.js');
  const args = [cli, `--${builderKey}`, 'dir', ...archs.map((arch) => `--${arch}`), '--publish', 'never', `-c.electronDist=${dist}`, `-c.directories.output=${out}`];
  const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_BUILDER_CACHE: path.join(work, 'cache') } });
  if (run.status !== 0) throw new Error(`electron-builder --${builderKey} failed:\n${run.stdout}\n${run.stderr}`);
  return out;
}

/** The host's package laid out as Electron sees it, then the smoke driver run on it. */
async function smoke(resources: string): Promise<{ ok: boolean; output: string }> {
  const root = path.join(work, 'smoke', 'resources');
  const app = path.join(root, 'app.asar');
  extractAll(path.join(resources, 'app.asar'), app);
  fs.cpSync(path.join(resources, 'app.asar.unpacked'), path.join(root, 'app.asar.unpacked'), { recursive: true });
  fs.cpSync(path.join(resources, 'tax-codes'), path.join(root, 'tax-codes'), { recursive: true });
  // extractAll copied the unpacked files into the archive's folder too; the .mjs must be read from outside it.
  for (const file of filesOf(app, '.').filter((name) => name.endsWith('.mjs'))) fs.rmSync(path.join(app, file));
  const home = path.join(work, 'smoke', 'home');
  const intake = path.join(REPO_ROOT, 'test/fixtures/intake');
  const png = path.join(work, 'smoke', 'qr.png');
  fs.writeFileSync(png, await qrPng('01,10,031026026001,00000077,113.00,20250301,12345678901234567890,ABCD,'));
  const files = [path.join(intake, 'pdf-05-legacy-beijing-ordinary.pdf'), png, path.join(intake, 'ofd-02-ofdrw-shudian-20240531141733.ofd')];
  const driver = path.join(REPO_ROOT, 'test/fixtures/package/smoke-driver.cjs');
  const run = spawnSync(process.execPath, [driver, app, root, home, CUPS_PDF_PRINTER, ...files], { cwd: os.tmpdir(), encoding: 'utf8', timeout: 300_000 });
  const output = `${run.stdout}${run.stderr}`;
  return { ok: run.status === 0 && run.stdout.includes('smoke ok'), output };
}

describe('the packaged app', () => {
  it('packages every target with its own native binaries and every run-time file; the host package starts, reads, prints and quits', async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'dist/renderer/index.html')) || !fs.existsSync(path.join(REPO_ROOT, 'dist/main/index.cjs'))) {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: REPO_ROOT });
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-main.mjs')], { cwd: REPO_ROOT, stdio: 'ignore' });
    }
    ensureNatives(REPO_ROOT, () => undefined);
    const targets = packagingTargets(REPO_ROOT) as Target[];
    const byPlatform = new Map<string, Target[]>();
    for (const target of targets) byPlatform.set(target.builderKey, [...(byPlatform.get(target.builderKey) ?? []), target]);

    const problems: string[] = [];
    const missing: string[] = [];
    let nativesOk = 0;
    let hostResources: string | undefined;
    for (const [builderKey, group] of byPlatform) {
      const out = packagePlatform(builderKey, group[0]!.platform, group.map((target) => target.arch));
      for (const target of group) {
        const name = `${target.platform}-${target.arch}`;
        const { resources, fuseTarget } = layout(out, target);
        problems.push(...(await wrongFuses(fuseTarget)).map((problem) => `${name}: ${problem}`));
        missing.push(...missingFiles(resources).map((file) => `${name}: ${file}`));
        const natives = nativeProblems(resources, target);
        problems.push(...natives.map((problem) => `${name}: ${problem}`));
        if (natives.length === 0) nativesOk++;
        if (target.platform === process.platform && target.arch === process.arch) hostResources = resources;
      }
    }
    if (!hostResources) problems.push(`no target for this machine (${process.platform}-${process.arch}) to run`);
    const ran = hostResources ? await smoke(hostResources) : { ok: false, output: '' };
    const steps = ran.output.split('\n').filter((line) => line.startsWith('step ') || line.startsWith('['));

    console.log(`package: targets=${targets.length} natives-ok=${nativesOk} files-missing=${missing.length} smoke=${ran.ok ? 'ok' : 'failed'}`);
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    expect(nativesOk).toBe(targets.length);
    expect(ran.ok, ran.output).toBe(true);
    expect(steps.filter((line) => line.startsWith('step ') && !line.includes(' ok '))).toEqual([]);
  }, 900_000);
});
