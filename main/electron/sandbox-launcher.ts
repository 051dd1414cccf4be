/**
 * The Electron implementation of the sandbox launcher port (main/sandbox-service/launcher.ts): the sandbox
 * service runs in a utilityProcess (a Node child of the app with its own V8, named `fapiao-sandbox` in the
 * task manager), so its seeding, PDF rendering and any crash stay off the main process. Electron objects
 * come in as parameters (`import type` only), so this runs under unit tests with a fake.
 */
import path from 'node:path';
import type { UtilityProcess } from 'electron';
import { SANDBOX_BUNDLE_FILE, SANDBOX_PROCESS_TITLE, configArgument } from '../../protocol/sandbox-service.js';
import type { SandboxLauncher } from '../sandbox-service/launcher.js';

/** The part of `utilityProcess` we use. */
export interface UtilityProcessLike {
  fork(modulePath: string, args?: string[], options?: { serviceName?: string; stdio?: 'inherit' | 'pipe' | 'ignore' }): UtilityLike;
}
export type UtilityLike = Pick<UtilityProcess, 'pid' | 'postMessage' | 'kill'> & {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
};

/** dist/main/index.cjs → dist/sandbox/sandbox-service.cjs (scripts/build-main.mjs). */
export function sandboxBundlePath(mainBundleDir: string): string {
  return path.join(mainBundleDir, '..', 'sandbox', SANDBOX_BUNDLE_FILE);
}

export function createUtilityProcessLauncher(utility: UtilityProcessLike, modulePath: string): SandboxLauncher {
  return {
    launch(config) {
      const child = utility.fork(modulePath, [configArgument(config)], { serviceName: SANDBOX_PROCESS_TITLE, stdio: 'inherit' });
      let exited = false;
      const exitListeners: Array<(exit: { code: number | null; signal: string | null }) => void> = [];
      child.on('exit', (code) => {
        if (exited) return;
        exited = true;
        for (const listener of exitListeners) listener({ code, signal: null });
      });
      return {
        get pid() {
          return child.pid;
        },
        onMessage: (listener) => void child.on('message', listener),
        onExit: (listener) => void exitListeners.push(listener),
        send(message) {
          if (!exited) child.postMessage(message);
        },
        // utilityProcess.kill() is SIGTERM on POSIX (the process may handle it); SIGKILL goes by its pid.
        terminate: () => void child.kill(),
        kill() {
          const pid = child.pid;
          if (pid === undefined || exited) return void child.kill();
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone between the check and the signal.
          }
        },
      };
    },
  };
}
