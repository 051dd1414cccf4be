/**
 * Part of migration 0650 (database-rights, docs/team-ledger.md §7): what a desk's login may touch at all — the
 * privileges under the triggers of guards.ts. `fapiao_desk_rights(role)` states them for one desk role (the
 * clerk group of create-team, or a test's login) from scratch: every table readable but the clerks' PIN hashes
 * and sessions; writes only where a desk's work writes, and never DELETE where a rule says rows stay
 * (invoices, lines, the outbox, forms, the audit trail…); no TRUNCATE anywhere. The desk roles are listed in
 * `fapiao_desk_role` so that a later migration adding a table re-states them with
 * `SELECT fapiao_apply_desk_rights()`. Only the owner runs these (EXECUTE revoked from PUBLIC).
 *
 * On a team ledger created before this migration, the roles that could insert invoices are the desk roles:
 * they are listed and restated here, and the owner's default privileges stop granting writes on new tables.
 */
const WRITES: ReadonlyArray<readonly [privileges: string, tables: readonly string[]]> = [
  ['INSERT, UPDATE, DELETE', ['customer', 'product', 'invoice_template', 'issuance_draft']],
  [
    'INSERT, UPDATE',
    [
      'enterprise',
      'issued_invoice',
      'outbox',
      'red_letter_form',
      'batch',
      'batch_row',
      'print_job',
      'archive_print_job',
      'printer_calibration',
      'received_invoice',
      'collected_invoice',
      'collection_run',
      'certification_batch',
      'certification_item',
    ],
  ],
  ['INSERT, DELETE', ['collected_invoice_line']],
  ['INSERT', ['issued_invoice_line', 'red_reversal', 'audit_event', 'collected_invoice_change', 'verification', 'library_merged']],
];

/** Tables a desk may not even read. */
const HIDDEN = ['clerk', 'clerk_session', 'clerk_sign_in_guard', 'fapiao_desk_role'];
/** The clerk's columns a desk reads: all but pin_hash. */
const CLERK_COLUMNS = ['id', 'name', 'role', 'active', 'created_at', 'created_by', 'updated_at', 'updated_by'];

const list = (names: readonly string[]) => `ARRAY[${names.map((name) => `'${name}'`).join(', ')}]`;

export const GRANTS_SQL = `
  CREATE TABLE fapiao_desk_role (role_name text PRIMARY KEY);

  CREATE FUNCTION fapiao_desk_rights(p_role text) RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE t text;
    BEGIN
      EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', p_role);
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL (${list(HIDDEN)}) LOOP
        EXECUTE format('GRANT SELECT ON %I TO %I', t, p_role);
      END LOOP;
      EXECUTE format('GRANT SELECT (${CLERK_COLUMNS.join(', ')}) ON clerk TO %I', p_role);
      -- Which names are locked, for the admin's unlock (the count of wrong PINs and its times stay hidden).
      EXECUTE format('GRANT SELECT (name, locked_at) ON clerk_sign_in_guard TO %I', p_role);
${WRITES.map(
  ([privileges, tables]) => `      FOREACH t IN ARRAY ${list(tables)} LOOP
        EXECUTE format('GRANT ${privileges} ON %I TO %I', t, p_role);
      END LOOP;`,
).join('\n')}
      EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', p_role);
    END $$;

  CREATE FUNCTION fapiao_apply_desk_rights() RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE r text;
    BEGIN
      FOR r IN SELECT d.role_name FROM fapiao_desk_role d JOIN pg_roles p ON p.rolname = d.role_name LOOP
        PERFORM fapiao_desk_rights(r);
      END LOOP;
    END $$;

  -- A desk role (create-team's clerk group, a test's login): listed and given exactly the desk's rights.
  CREATE FUNCTION fapiao_grant_desk(p_role text) RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      INSERT INTO fapiao_desk_role (role_name) VALUES (p_role) ON CONFLICT DO NOTHING;
      PERFORM fapiao_desk_rights(p_role);
    END $$;

  REVOKE EXECUTE ON FUNCTION fapiao_desk_rights(text), fapiao_apply_desk_rights(), fapiao_grant_desk(text) FROM PUBLIC;

  DO $$
    DECLARE r record;
    BEGIN
      INSERT INTO fapiao_desk_role (role_name)
        SELECT DISTINCT pg_get_userbyid(a.grantee) FROM pg_class c, aclexplode(c.relacl) a
         WHERE c.oid = 'issued_invoice'::regclass AND a.privilege_type = 'INSERT' AND a.grantee <> 0
           AND NOT pg_has_role(a.grantee, c.relowner, 'MEMBER')
        ON CONFLICT DO NOTHING;
      PERFORM fapiao_apply_desk_rights();
      FOR r IN SELECT DISTINCT d.defaclrole, d.defaclnamespace, a.grantee FROM pg_default_acl d, aclexplode(d.defaclacl) a
                WHERE d.defaclobjtype = 'r' AND a.privilege_type IN ('INSERT', 'UPDATE', 'DELETE') AND a.grantee <> 0
                  AND pg_has_role(current_user, d.defaclrole, 'MEMBER') LOOP
        EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I %s REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLES FROM %I',
                       pg_get_userbyid(r.defaclrole),
                       CASE WHEN r.defaclnamespace = 0 THEN '' ELSE format('IN SCHEMA %I', (SELECT nspname FROM pg_namespace WHERE oid = r.defaclnamespace)) END,
                       pg_get_userbyid(r.grantee));
      END LOOP;
    END $$;
`;
