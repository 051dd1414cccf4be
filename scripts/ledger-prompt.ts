/**
 * Asks for a password on the terminal without echoing it (scripts/ledger.ts); with no terminal, reads one
 * line from stdin, so a script can pipe it in.
 */
import readline from 'node:readline';

export function askSecret(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = readline.createInterface({ input });
    return new Promise((resolve, reject) => {
      lines.once('line', (line) => {
        lines.close();
        resolve(line);
      });
      lines.once('close', () => reject(new Error('no password: set PGPASSWORD or give it on stdin')));
    });
  }
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        // Ctrl-C or Ctrl-D: the clerk gave up.
        if (char === '\u0003' || char === '\u0004') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}
