// Loaded with --import (NODE_OPTIONS) into a process under test: when it exits it writes its peak resident
// set — the kernel's VmHWM, which counts every thread and what native code allocated — to stderr as
// `peak-rss-kb <n>`. Linux only, like the CI machine. Worker threads load it too and report the same process.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    const kb = /VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) process.stderr.write(`peak-rss-kb ${kb}\n`);
  });
}
