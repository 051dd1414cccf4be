/**
 * Part of migration 0650 (database-rights, docs/team-ledger.md §7): an admin may keep a clerk to some of the
 * agency's enterprises (`clerk_enterprise`), and row-level security holds every enterprise-scoped table to
 * that list for the clerk's session — what it reads and what it writes (USING and WITH CHECK alike). Rows of
 * no enterprise stay visible; child rows (lines, items, changes, verifications, red-reversal links) follow
 * their parent. The team's owner is not subject to it (a table's owner passes row-level security).
 *
 * The policy is `fapiao_unscoped() OR <the row's enterprise is in the session's list>`. `fapiao_unscoped()` is
 * declared IMMUTABLE although it reads the session, on purpose: PostgreSQL then evaluates it once when it plans
 * a statement, and for an unrestricted clerk (or a connection without a session) the whole policy folds to
 * true and disappears from the plan. Otherwise every user condition that is not leakproof (the history's ILIKE
 * over the trigram index) could no longer use its index under row-level security (measured: the GIN index is
 * skipped and a fragment search walks the table), and every search of every desk would pay for a rule that
 * restricts only some clerks. The price: a plan remembers the session it was made for, so the desk's pool runs
 * `DISCARD PLANS` on a connection whenever it sets another session (main/ledger/pg/session.ts), and changing a
 * clerk's enterprises ends their sessions (fapiao_clerk_set_enterprises). A connection without a session is
 * unscoped: the outbox worker of any desk sends every enterprise's submissions. What such a connection may
 * write is held by the triggers (guards.ts), not by this scope.
 *
 * Issued invoices, their lines and red-reversal links are scoped for what a clerk writes, not for what they read: for a limited
 * clerk the policy stays in the plan, and under it the history's fragment search (ILIKE over the trigram
 * indexes of migrations 0472 and 0473) cannot use its index — measured on the million of `bench team-search`:
 * 0.9–1.8 s a 3- or 4-character search, against about 1.2 ms. Reading is no boundary anyway (a desk's login
 * without a session reads every enterprise, above); main shows a clerk only the enterprise the desk acts
 * for, which must be theirs (main/features/clerks/authorize.ts).
 */
const SCOPED: ReadonlyArray<readonly [table: string, condition: string]> = [
  ['enterprise', 'tax_number = ANY (fapiao_scope_list())'],
  ['issued_invoice', 'xhdwsbh = ANY (fapiao_scope_list())'],
  ['red_letter_form', 'xhdwsbh = ANY (fapiao_scope_list()) OR ghdwsbh = ANY (fapiao_scope_list())'],
  ['certification_batch', 'gmfsbh = ANY (fapiao_scope_list())'],
  ...['print_job', 'archive_print_job', 'received_invoice', 'collected_invoice', 'collection_run', 'customer', 'product', 'invoice_template', 'issuance_draft', 'audit_event'].map(
    (table) => [table, 'enterprise IS NULL OR enterprise = ANY (fapiao_scope_list())'] as const,
  ),
  ['issued_invoice_line', 'EXISTS (SELECT 1 FROM issued_invoice p WHERE p.id = invoice_id AND p.xhdwsbh = ANY (fapiao_scope_list()))'],
  ['red_reversal', 'EXISTS (SELECT 1 FROM issued_invoice p WHERE p.id = red_invoice_id AND p.xhdwsbh = ANY (fapiao_scope_list()))'],
  ['collected_invoice_line', 'EXISTS (SELECT 1 FROM collected_invoice p WHERE p.id = invoice_id)'],
  ['collected_invoice_change', 'EXISTS (SELECT 1 FROM collected_invoice p WHERE p.id = invoice_id)'],
  ['certification_item', 'EXISTS (SELECT 1 FROM certification_batch p WHERE p.id = batch_id)'],
  ['verification', 'received_invoice_id IS NULL OR EXISTS (SELECT 1 FROM received_invoice p WHERE p.id = received_invoice_id)'],
];

/** Read by everyone who may read the ledger; written only within the session's enterprises. */
const WRITE_ONLY = new Set(['issued_invoice', 'issued_invoice_line', 'red_reversal']);

const policy = (table: string, condition: string) => {
  const check = `fapiao_unscoped() OR ${condition.replaceAll('fapiao_scope_list()', '(SELECT fapiao_scope())::text[]')}`;
  const header = `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;`;
  if (!WRITE_ONLY.has(table)) return `${header}
  CREATE POLICY fapiao_enterprise ON ${table} USING (${check}) WITH CHECK (${check});`;
  return `${header}
  CREATE POLICY fapiao_read ON ${table} FOR SELECT USING (true);
  CREATE POLICY fapiao_insert ON ${table} FOR INSERT WITH CHECK (${check});
  CREATE POLICY fapiao_update ON ${table} FOR UPDATE USING (${check}) WITH CHECK (${check});
  CREATE POLICY fapiao_delete ON ${table} FOR DELETE USING (${check});`;
};

export const SCOPE_SQL = `
  CREATE FUNCTION fapiao_unscoped() RETURNS boolean LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      IF coalesce(current_setting('fapiao.session', true), '') = '' THEN RETURN true; END IF;
      RETURN NOT EXISTS (SELECT 1 FROM clerk_session s JOIN clerk_enterprise e ON e.clerk_id = s.clerk_id
                          WHERE s.token_hash = fapiao_token_hash() AND s.login = session_user AND s.expires_at > now());
    END $$;

  -- The enterprises the session's clerk may act for (asked only when fapiao_unscoped() is false).
  CREATE FUNCTION fapiao_scope() RETURNS text[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT coalesce(array_agg(e.enterprise), '{}') FROM clerk_session s JOIN clerk_enterprise e ON e.clerk_id = s.clerk_id
     WHERE s.token_hash = fapiao_token_hash() AND s.login = session_user AND s.expires_at > now()
  $$;
${SCOPED.map(([table, condition]) => policy(table, condition)).join('')}
`;

export const SCOPED_TABLES = SCOPED.map(([table]) => table);
