// Runs npm scripts side by side and fails if any fails:
//   node scripts/together.mjs typecheck lint [--stream test:run]
// tsc and eslint each use one core and the tests leave a core idle whenever they wait on Chromium, the
// sandbox or PostgreSQL, so on two cores they run together rather than one after the other (issue 35: the
// suite's time). A buffered script's output is printed whole when it ends, under its name, so two never
// interleave line by line; the one `--stream` script (the tests) writes straight through, and is awaited last
// so its closing lines end the output.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const streamAt = args.indexOf('--stream');
const streamed = streamAt >= 0 ? args[streamAt + 1] : undefined;
const buffered = args.filter((_, index) => streamAt < 0 || (index !== streamAt && index !== streamAt + 1));
if (buffered.length + (streamed ? 1 : 0) === 0 || (streamAt >= 0 && !streamed)) {
  console.error('usage: node scripts/together.mjs <npm script> [<npm script> …] [--stream <npm script>]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const exitCode = (code, signal) => code ?? (signal ? 1 : 0);

const runBuffered = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (code, text) => {
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${text}`);
      resolve({ name, code });
    };
    child.on('error', (error) => done(1, String(error)));
    child.on('close', (code, signal) => done(exitCode(code, signal), output));
  });

const runStreamed = (name) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      process.stdout.write(`\n> ${name}: could not start: ${String(error)}\n`);
      resolve({ name, code: 1 });
    });
    child.on('close', (code, signal) => resolve({ name, code: exitCode(code, signal) }));
  });

const tests = streamed ? runStreamed(streamed) : undefined;
const results = await Promise.all(buffered.map(runBuffered));
const all = tests ? [...results, await tests] : results;
const failed = all.filter((result) => result.code !== 0).map((result) => result.name);
if (streamed && failed.length > 0) process.stdout.write(`\ntogether: failed: ${failed.join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
