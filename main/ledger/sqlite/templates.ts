/** The template store of the SQLite ledger (main/features/templates/store.ts): the desk's template repo, each call settled. */
import type { Db } from '../../db/open.js';
import { createTemplateRepo } from '../../features/templates/repo.js';
import type { TemplateStore } from '../../features/templates/store.js';
import { settledRepo } from './settled.js';

export function sqliteTemplateStore(db: Db): (connection: () => unknown) => TemplateStore {
  const repo = createTemplateRepo(db);
  return (connection) => settledRepo(repo, connection);
}
