// Runs npm scripts side by side and fails if any fails: `node scripts/together.mjs typecheck lint`.
// npm test checks types and lint before the tests; tsc and eslint each use one core, so on two cores they run
// together rather than one after the other (issue 35: the suite's time). Each script's output is kept and
// printed whole when it ends, under its name, so the two never interleave line by line.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }));
  });

const results = await Promise.all(scripts.map(run));
for (const { name, code, output, seconds } of results) {
  process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n${output}`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
