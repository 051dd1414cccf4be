/**
 * A sandbox launcher for tests that need the sandbox to stay down for a while: the first launch is real;
 * while `hold()` is in force, later launches "fail" at once (the child ends before it is ready), as a
 * sandbox that cannot start would; after `release()` they are real again. Built on the Node launcher, so
 * the process it starts is the real one.
 */
import { createNodeSandboxLauncher, type SandboxChild, type SandboxLauncher } from '../../main/sandbox-service/launcher.js';

export interface GatedLauncher extends SandboxLauncher {
  hold(): void;
  release(): void;
}

export function createGatedLauncher(inner: SandboxLauncher = createNodeSandboxLauncher()): GatedLauncher {
  let held = false;
  return {
    hold: () => void (held = true),
    release: () => void (held = false),
    launch(config) {
      if (!held) return inner.launch(config);
      const exits: Array<(exit: { code: number | null; signal: string | null }) => void> = [];
      setTimeout(() => exits.forEach((listener) => listener({ code: 1, signal: null })), 10);
      const failing: SandboxChild = {
        pid: undefined,
        onMessage: () => {},
        onExit: (listener) => void exits.push(listener),
        send: () => {},
        terminate: () => {},
        kill: () => {},
      };
      return failing;
    },
  };
}
