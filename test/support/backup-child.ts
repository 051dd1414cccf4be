/**
 * A process that takes one backup of a database file with the desk's own code (main/ledger/backups.ts), for
 * tests that end it mid-copy: `node --import tsx test/support/backup-child.ts <source.db> <backup folder>`.
 * Prints `done <name>` when the backup is complete.
 */
import { takeBackup } from '../../main/ledger/backups.js';

const [source, folder] = process.argv.slice(2);
if (!source || !folder) {
  process.stderr.write('usage: backup-child.ts <source.db> <backup folder>\n');
  process.exit(2);
}
const entry = await takeBackup(source, folder, 'daily', new Date());
process.stdout.write(`done ${entry.name}\n`);
