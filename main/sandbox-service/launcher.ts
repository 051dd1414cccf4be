/**
 * The port through which the app starts the sandbox service process (protocol/sandbox-service.ts), and
 * its plain-Node implementation: `child_process.fork` of the bundled entry, used by the browser harness
 * and the tests (the Electron adapter implements the same port with utilityProcess, main/electron/
 * sandbox-launcher.ts). The app knows only this: start with a config, hear its messages, see it exit,
 * ask it to stop, kill it.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_BUNDLE_FILE, configArgument, type SandboxServiceConfig } from '../../protocol/sandbox-service.js';

export interface SandboxChild {
  readonly pid: number | undefined;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the process has ended, for whatever reason. */
  onExit(listener: (exit: { code: number | null; signal: string | null }) => void): void;
  send(message: unknown): void;
  /** Asks the process to end (SIGTERM): a process that hangs or is stopped may not. */
  terminate(): void;
  /** Ends the process whatever it is doing (SIGKILL). */
  kill(): void;
}

export interface SandboxLauncher {
  launch(config: SandboxServiceConfig): SandboxChild;
}

export interface SandboxEntry {
  file: string;
  /** Node flags, e.g. `--import tsx` to run the TypeScript entry from source. */
  execArgv: string[];
}

/**
 * Where the entry is: next to the app's bundle (dist/main → dist/sandbox); run from source (tsx: the
 * harness and the tests), the built bundle when there is one, else the TypeScript entry under tsx.
 * vitest builds the bundle before the tests (test/support/build-bundles.ts), so tests run what ships.
 */
export function defaultSandboxEntry(): SandboxEntry {
  // __filename exists in the app's CommonJS bundle (and under vitest); import.meta.url under tsx.
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  if (here.endsWith('.cjs')) return { file: path.join(path.dirname(here), '..', 'sandbox', SANDBOX_BUNDLE_FILE), execArgv: [] };
  const root = path.resolve(path.dirname(here), '..', '..');
  const bundle = path.join(root, 'dist', 'sandbox', SANDBOX_BUNDLE_FILE);
  if (fs.existsSync(bundle)) return { file: bundle, execArgv: [] };
  return { file: path.join(root, 'sandbox', 'main.ts'), execArgv: ['--import', 'tsx'] };
}

export function createNodeSandboxLauncher(entry: SandboxEntry = defaultSandboxEntry()): SandboxLauncher {
  return {
    launch(config) {
      const child = fork(entry.file, [configArgument(config)], {
        execArgv: entry.execArgv,
        // stdout is not read (messages use the IPC channel); stderr carries the sandbox's error reports.
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        serialization: 'json',
      });
      let exited = false;
      const exitListeners: Array<(exit: { code: number | null; signal: string | null }) => void> = [];
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        if (exited) return;
        exited = true;
        for (const listener of exitListeners) listener({ code, signal });
      };
      child.once('exit', onExit);
      // A process that could not be spawned emits 'error' and no 'exit'.
      child.once('error', () => onExit(null, null));
      return {
        pid: child.pid,
        onMessage: (listener) => void child.on('message', listener),
        onExit: (listener) => void exitListeners.push(listener),
        send(message) {
          if (child.connected) child.send(message as object);
        },
        terminate: () => void child.kill('SIGTERM'),
        kill: () => void child.kill('SIGKILL'),
      };
    },
  };
}
