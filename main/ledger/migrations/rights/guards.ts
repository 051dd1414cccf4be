/**
 * Part of migration 0650 (database-rights, docs/team-ledger.md §7): the rules a desk's login cannot step
 * around, as triggers. Every one lets the team's owner through (fapiao_trusted: moving a desk in, the DBA)
 * and holds everyone else — a desk's login with or without a clerk's session — to:
 *
 * - **Rights**: every write needs a session whose clerk's role has the right the desk's channel needs
 *   (shared/ipc/rights.ts): `issue` for invoices, drafts, libraries, templates, printing, received and input
 *   invoices, enterprises; `review` for red-letter forms, red invoices and deciding drafts. While a team has
 *   no clerk at all, every desk acts with every right (as a desk without clerks does).
 * - **The outbox worker without a clerk**: it may write what the service answered, and only for an outbox
 *   row this login holds or answered in this transaction (`fapiao_answering`): invoices' status and answer
 *   fields, red-letter forms, certification batches and items, collected invoices' certification state, and
 *   the red invoice of an approved form (signed by the clerk who applied).
 * - **Issued invoices**: a new one is queued with no answer and says what its request says (number, total,
 *   parties, type); afterwards only the service's answer fields change, status only queued → issuing →
 *   issued | failed, each step by the claim of its outbox row; money, parties, lines, request and signature
 *   never; no row is ever deleted (no DELETE privilege). Lines and red-reversal links are written only in the
 *   transaction that inserted their invoice.
 * - **The outbox**: a new row belongs to a row of its kind inserted in the same transaction (same serial and
 *   request); its request never changes; a row is claimed only when due and no live lease holds it, and
 *   changed afterwards only by the login that claimed it (`claimed_by`, set here); finished rows are final.
 * - **Signatures**: created_by / updated_by are the session's clerk, whatever the statement says; created_by
 *   never changes.
 * - **The audit trail**: actor, desk and time are the server's (the session's clerk, its desk, the clock),
 *   and `login` the role that connected.
 */
const refuse = (message: string) => `RAISE EXCEPTION '${message}' USING ERRCODE = '42501'`;

export const GUARD_SQL = `
  ALTER TABLE audit_event ADD COLUMN login text DEFAULT session_user;
  ALTER TABLE issued_invoice ADD COLUMN insert_xact xid8;
  ALTER TABLE red_letter_form ADD COLUMN insert_xact xid8;
  ALTER TABLE certification_batch ADD COLUMN insert_xact xid8;
  ALTER TABLE outbox ADD COLUMN claimed_by text, ADD COLUMN answered_xact xid8;
  CREATE INDEX outbox_answered ON outbox (answered_xact) WHERE answered_xact IS NOT NULL;

  -- The outbox row (kind, serial) this login holds now or answered in this transaction: the worker's licence.
  CREATE FUNCTION fapiao_answering(p_kind text, p_serial text) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM outbox o WHERE o.kind = p_kind AND o.serial = p_serial AND o.claimed_by = session_user
                      AND (o.answered_xact = pg_current_xact_id() OR (o.state = 'pending' AND o.lease_until > now())))
  $$;
  -- Any row of a kind answered by this login in this transaction (the certification answer touches many rows).
  CREATE FUNCTION fapiao_answering_kind(p_kind text) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM outbox o WHERE o.answered_xact = pg_current_xact_id() AND o.kind = p_kind AND o.claimed_by = session_user)
  $$;

  -- Raises unless the acting clerk may do p_what with p_right (or the worker answers an outbox row of p_kind).
  CREATE FUNCTION fapiao_require(p_right text, p_what text, p_kind text DEFAULT NULL) RETURNS void LANGUAGE plpgsql STABLE
    SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record;
    BEGIN
      IF fapiao_trusted() THEN RETURN; END IF;
      SELECT * INTO a FROM fapiao_actor();
      IF a.clerk_id IS NOT NULL AND fapiao_role_has(a.role, p_right) THEN RETURN; END IF;
      IF p_kind IS NOT NULL AND fapiao_answering_kind(p_kind) THEN RETURN; END IF;
      IF a.clerk_id IS NULL AND NOT fapiao_clerks_exist() THEN RETURN; END IF;
      IF a.clerk_id IS NULL THEN
        RAISE EXCEPTION 'fapiao: % needs a signed-in clerk', p_what USING ERRCODE = '42501',
          HINT = 'sign in with fapiao_sign_in and set fapiao.session on the connection';
      END IF;
      RAISE EXCEPTION 'fapiao: % needs the % right; % is %', p_what, p_right, a.name, a.role USING ERRCODE = '42501';
    END $$;

  CREATE FUNCTION fapiao_statement_right() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      PERFORM fapiao_require(TG_ARGV[0], lower(TG_OP) || ' on ' || TG_TABLE_NAME, CASE WHEN TG_NARGS > 1 THEN TG_ARGV[1] END);
      RETURN NULL;
    END $$;

  -- created_by / updated_by from the session; created_by never changes. Without a session (a team without
  -- clerks, or the worker) a new row keeps what the statement says only while no clerk exists.
  CREATE FUNCTION fapiao_sign_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record;
    BEGIN
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      SELECT * INTO a FROM fapiao_actor();
      IF TG_OP = 'UPDATE' THEN
        NEW.created_by := OLD.created_by;
        IF NEW.updated_by IS NOT DISTINCT FROM OLD.updated_by THEN RETURN NEW; END IF;
        NEW.updated_by := CASE WHEN a.clerk_id IS NOT NULL THEN a.name WHEN fapiao_clerks_exist() THEN OLD.updated_by ELSE NEW.updated_by END;
      ELSIF a.clerk_id IS NOT NULL THEN
        NEW.created_by := a.name;
        NEW.updated_by := a.name;
      ELSIF fapiao_clerks_exist() THEN
        NEW.created_by := NULL;
        NEW.updated_by := NULL;
      END IF;
      RETURN NEW;
    END $$;

  CREATE FUNCTION fapiao_mark_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.insert_xact := pg_current_xact_id();
      RETURN NEW;
    END $$;

  -- The columns of a row apart from those a rule lets change (and generated ones, not yet computed in BEFORE).
  CREATE FUNCTION fapiao_frozen(p_row jsonb, p_table regclass, p_free text[]) RETURNS jsonb LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp AS $$
    SELECT p_row - p_free - coalesce((SELECT array_agg(attname::text) FROM pg_attribute WHERE attrelid = p_table AND attgenerated <> ''), '{}')
  $$;

  CREATE FUNCTION fapiao_issued_invoice_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
      a record;
      request jsonb;
      form record;
      answer constant text[] := ARRAY['status', 'fpdm', 'fphm', 'kprq', 'jym', 'skm', 'pdf_url', 'ofd_url', 'xml_url', 'zflx', 'error_code', 'error_message'];
    BEGIN
      IF TG_OP = 'INSERT' THEN NEW.insert_xact := pg_current_xact_id(); END IF;
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      IF TG_OP = 'UPDATE' THEN
        IF fapiao_frozen(to_jsonb(NEW), TG_RELID, answer || ARRAY['updated_at']) IS DISTINCT FROM fapiao_frozen(to_jsonb(OLD), TG_RELID, answer || ARRAY['updated_at']) THEN
          ${refuse('fapiao: an issued invoice keeps its money, parties, lines, request and signature')};
        END IF;
        IF fapiao_frozen(to_jsonb(NEW), TG_RELID, ARRAY['zflx', 'updated_at']) IS NOT DISTINCT FROM fapiao_frozen(to_jsonb(OLD), TG_RELID, ARRAY['zflx', 'updated_at']) THEN
          -- Only the voiding mark (a print's answer says the invoice was voided): once, on an issued invoice.
          IF NEW.zflx IS DISTINCT FROM OLD.zflx AND (OLD.zflx IS NOT NULL OR NEW.status <> 'issued' OR NEW.zflx NOT IN ('0', '1')) THEN
            ${refuse('fapiao: an issued invoice is marked voided once')};
          END IF;
          IF NEW.zflx IS DISTINCT FROM OLD.zflx THEN PERFORM fapiao_require('issue', 'marking an invoice voided'); END IF;
          RETURN NEW;
        END IF;
        IF NOT ((OLD.status = 'queued' AND NEW.status IN ('issuing', 'issued', 'failed')) OR (OLD.status = 'issuing' AND NEW.status IN ('issued', 'failed'))) THEN
          RAISE EXCEPTION 'fapiao: an invoice does not go from % to % (its answers are final)', OLD.status, NEW.status USING ERRCODE = '42501';
        END IF;
        IF NOT fapiao_answering('issuance', OLD.lsh) THEN
          ${refuse("fapiao: an invoice''s status is the service''s answer, written by the desk that holds its outbox row")};
        END IF;
        RETURN NEW;
      END IF;
      -- INSERT
      IF NEW.status <> 'queued' OR num_nonnulls(NEW.fpdm, NEW.fphm, NEW.kprq, NEW.jym, NEW.skm, NEW.pdf_url, NEW.ofd_url, NEW.xml_url, NEW.zflx, NEW.error_code, NEW.error_message) > 0 THEN
        ${refuse('fapiao: a new invoice is queued, with no answer of the service yet')};
      END IF;
      IF (NEW.kplx = '1') <> (NEW.jshj < 0) THEN
        ${refuse('fapiao: a red invoice (kplx 1) and only a red invoice has a negative total')};
      END IF;
      request := NEW.request_json::jsonb;
      IF jsonb_typeof(request) = 'object' AND (
           (request ? 'lsh' AND request->>'lsh' IS DISTINCT FROM NEW.lsh)
        OR (request ? 'jshj' AND (request->>'jshj')::numeric IS DISTINCT FROM NEW.jshj)
        OR (request ? 'xhdwsbh' AND request->>'xhdwsbh' IS DISTINCT FROM NEW.xhdwsbh)
        OR (request ? 'ghdwmc' AND request->>'ghdwmc' IS DISTINCT FROM NEW.ghdwmc)
        OR (request ? 'ghdwsbh' AND nullif(request->>'ghdwsbh', '') IS DISTINCT FROM NEW.ghdwsbh)
        OR (request ? 'fplxdm' AND request->>'fplxdm' IS DISTINCT FROM NEW.fplxdm)) THEN
        ${refuse('fapiao: an invoice row says what its request says (number, total, parties, type)')};
      END IF;
      IF NEW.kplx = '1' THEN
        -- The red invoice of a form the service just approved, queued by the worker that recorded the approval.
        SELECT f.created_by INTO form FROM outbox o JOIN red_letter_form f ON f.lsh = o.serial
         WHERE o.kind = 'redletter' AND o.answered_xact = pg_current_xact_id() AND o.claimed_by = session_user
           AND f.status = 'approved' AND f.red_invoice_id IS NULL AND f.xhdwsbh = NEW.xhdwsbh
         LIMIT 1;
        IF FOUND THEN
          NEW.created_by := form.created_by;
          NEW.updated_by := form.created_by;
          RETURN NEW;
        END IF;
      END IF;
      SELECT * INTO a FROM fapiao_actor();
      PERFORM fapiao_require(CASE WHEN NEW.kplx = '1' THEN 'review' ELSE 'issue' END, CASE WHEN NEW.kplx = '1' THEN 'a red invoice' ELSE 'an invoice' END);
      IF a.clerk_id IS NOT NULL THEN
        NEW.created_by := a.name;
        NEW.updated_by := a.name;
      END IF;
      RETURN NEW;
    END $$;

  -- Lines and red-reversal links belong to the invoice inserted by the same transaction.
  CREATE FUNCTION fapiao_with_new_invoice() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      IF fapiao_trusted() THEN RETURN NULL; END IF;
      IF TG_TABLE_NAME = 'issued_invoice_line' THEN
        PERFORM 1 FROM new_rows n LEFT JOIN issued_invoice i ON i.id = n.invoice_id
         WHERE i.id IS NULL OR i.insert_xact IS DISTINCT FROM pg_current_xact_id() LIMIT 1;
      ELSE
        PERFORM 1 FROM new_rows n LEFT JOIN issued_invoice i ON i.id = n.red_invoice_id
         WHERE i.id IS NULL OR i.insert_xact IS DISTINCT FROM pg_current_xact_id() OR i.kplx <> '1' LIMIT 1;
      END IF;
      IF FOUND THEN
        RAISE EXCEPTION 'fapiao: % are written with their invoice, in the transaction that inserts it', TG_TABLE_NAME USING ERRCODE = '42501';
      END IF;
      RETURN NULL;
    END $$;

  CREATE FUNCTION fapiao_red_letter_form_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
      free constant text[] := ARRAY['status', 'sqdh', 'xxbbh', 'xxbid', 'form_json', 'error_code', 'error_message', 'red_invoice_id', 'updated_at'];
    BEGIN
      IF TG_OP = 'INSERT' THEN NEW.insert_xact := pg_current_xact_id(); END IF;
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'queued' OR num_nonnulls(NEW.sqdh, NEW.xxbbh, NEW.xxbid, NEW.form_json, NEW.red_invoice_id) > 0 THEN
          ${refuse('fapiao: a new red-letter form is queued, with no answer of the service yet')};
        END IF;
        RETURN NEW;
      END IF;
      IF fapiao_frozen(to_jsonb(NEW), TG_RELID, free) IS DISTINCT FROM fapiao_frozen(to_jsonb(OLD), TG_RELID, free) THEN
        ${refuse('fapiao: a red-letter form keeps what was applied for and who applied')};
      END IF;
      IF OLD.red_invoice_id IS NOT NULL AND NEW.red_invoice_id IS DISTINCT FROM OLD.red_invoice_id THEN
        ${refuse('fapiao: a red-letter form keeps the red invoice issued from it')};
      END IF;
      IF OLD.status IN ('approved', 'rejected', 'failed') AND NEW.status IS DISTINCT FROM OLD.status THEN
        RAISE EXCEPTION 'fapiao: a red-letter form does not go from % to %', OLD.status, NEW.status USING ERRCODE = '42501';
      END IF;
      IF NOT fapiao_answering('redletter', OLD.lsh) THEN
        PERFORM fapiao_require('review', 'changing a red-letter form');
      END IF;
      RETURN NEW;
    END $$;

  CREATE FUNCTION fapiao_draft_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record;
    BEGIN
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      SELECT * INTO a FROM fapiao_actor();
      IF TG_OP = 'UPDATE' AND NEW.review_state IN ('approved', 'returned') AND NEW.review_state IS DISTINCT FROM OLD.review_state THEN
        PERFORM fapiao_require('review', 'deciding a draft');
      END IF;
      IF a.clerk_id IS NOT NULL THEN
        IF NEW.requested_by IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.requested_by IS DISTINCT FROM OLD.requested_by OR NEW.requested_at IS DISTINCT FROM OLD.requested_at) THEN
          NEW.requested_by := a.name;
        END IF;
        IF NEW.reviewed_by IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.reviewed_by IS DISTINCT FROM OLD.reviewed_by OR NEW.reviewed_at IS DISTINCT FROM OLD.reviewed_at) THEN
          NEW.reviewed_by := a.name;
        END IF;
      END IF;
      RETURN NEW;
    END $$;

  CREATE FUNCTION fapiao_outbox_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
      free constant text[] := ARRAY['state', 'attempts', 'next_attempt_at', 'lease_owner', 'lease_until', 'last_error', 'updated_at', 'claimed_by', 'answered_xact'];
      held boolean;
      owned boolean;
    BEGIN
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      IF TG_OP = 'INSERT' THEN
        IF NEW.state <> 'pending' OR NEW.attempts <> 0 OR NEW.lease_owner IS NOT NULL THEN
          ${refuse('fapiao: a new outbox row is pending and unclaimed')};
        END IF;
        NEW.claimed_by := NULL;
        NEW.answered_xact := NULL;
        owned := CASE NEW.kind
          WHEN 'issuance' THEN EXISTS (SELECT 1 FROM issued_invoice i WHERE i.lsh = NEW.serial AND i.request_json = NEW.request_json
                                         AND i.xhdwsbh IS NOT DISTINCT FROM NEW.enterprise AND i.insert_xact = pg_current_xact_id())
          WHEN 'redletter' THEN EXISTS (SELECT 1 FROM red_letter_form f WHERE f.lsh = NEW.serial AND f.request_json = NEW.request_json
                                          AND f.insert_xact = pg_current_xact_id())
          WHEN 'certification' THEN EXISTS (SELECT 1 FROM certification_batch b WHERE b.pch = NEW.serial AND b.request_json = NEW.request_json
                                              AND b.insert_xact = pg_current_xact_id())
          ELSE false END;
        IF NOT owned THEN
          RAISE EXCEPTION 'fapiao: an outbox row (%) is queued with the % row it sends, in the same transaction', NEW.kind, NEW.kind USING ERRCODE = '42501';
        END IF;
        RETURN NEW;
      END IF;
      IF fapiao_frozen(to_jsonb(NEW), TG_RELID, free) IS DISTINCT FROM fapiao_frozen(to_jsonb(OLD), TG_RELID, free) THEN
        ${refuse("fapiao: an outbox row''s request never changes")};
      END IF;
      IF OLD.state <> 'pending' THEN ${refuse('fapiao: a finished outbox row is final')}; END IF;
      held := OLD.lease_owner IS NOT NULL AND OLD.claimed_by = session_user;
      IF OLD.lease_owner IS NOT NULL AND OLD.lease_until >= now() AND NOT held THEN
        ${refuse('fapiao: another desk holds this outbox row')};
      END IF;
      IF held THEN
        -- The holder: renew, finish, reschedule or release; an outcome counts one attempt and ends the lease.
        IF NEW.lease_owner IS NOT NULL AND (NEW.lease_owner <> OLD.lease_owner OR NEW.state <> 'pending' OR NEW.lease_until > now() + interval '1 hour') THEN
          ${refuse('fapiao: a claim is renewed by its holder for at most an hour, and an outcome ends it')};
        END IF;
        IF NEW.attempts NOT IN (OLD.attempts, OLD.attempts + 1) THEN ${refuse('fapiao: an outcome counts one attempt')}; END IF;
        NEW.claimed_by := OLD.claimed_by;
        NEW.answered_xact := CASE WHEN NEW.attempts = OLD.attempts + 1 THEN pg_current_xact_id() ELSE OLD.answered_xact END;
        RETURN NEW;
      END IF;
      -- Nobody holds it: claim it when due, or drop a lapsed lease and make it due sooner (a desk's resume).
      IF NEW.state <> OLD.state OR NEW.attempts <> OLD.attempts OR NEW.last_error IS DISTINCT FROM OLD.last_error OR NEW.next_attempt_at > OLD.next_attempt_at THEN
        ${refuse('fapiao: only the desk that claimed an outbox row records its outcome')};
      END IF;
      IF NEW.lease_owner IS NOT NULL THEN
        IF OLD.next_attempt_at > now() OR NEW.lease_until IS NULL OR NEW.lease_until > now() + interval '1 hour' THEN
          ${refuse('fapiao: a due outbox row is claimed for at most an hour')};
        END IF;
        NEW.claimed_by := session_user;
      ELSE
        NEW.claimed_by := OLD.claimed_by;
      END IF;
      NEW.answered_xact := OLD.answered_xact;
      RETURN NEW;
    END $$;

  CREATE FUNCTION fapiao_audit_stamp() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record;
    BEGIN
      IF fapiao_trusted() THEN RETURN NEW; END IF;
      SELECT * INTO a FROM fapiao_actor();
      NEW.at := date_trunc('milliseconds', clock_timestamp());
      NEW.actor := coalesce(a.name, '');
      -- Without a session: the name the desk connected with (application_name 'fapiao-desk <desk>', pool.ts's
      -- caller team-desk.ts), else the login itself.
      NEW.desk := coalesce(a.desk, nullif(current_setting('fapiao.desk', true), ''),
                           CASE WHEN current_setting('application_name') LIKE 'fapiao-desk %' THEN substr(current_setting('application_name'), 13) END,
                           session_user);
      NEW.login := session_user;
      RETURN NEW;
    END $$;

  -- The pair postings of migration 0605 are the database's own: kept as the owner, so a desk needs no write on them.
  ALTER FUNCTION issued_invoice_pair_upkeep() SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;

  CREATE TRIGGER fapiao_guard BEFORE INSERT OR UPDATE ON issued_invoice FOR EACH ROW EXECUTE FUNCTION fapiao_issued_invoice_guard();
  CREATE TRIGGER fapiao_with_invoice AFTER INSERT ON issued_invoice_line REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fapiao_with_new_invoice();
  CREATE TRIGGER fapiao_with_invoice AFTER INSERT ON red_reversal REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fapiao_with_new_invoice();
  CREATE TRIGGER fapiao_guard BEFORE INSERT OR UPDATE ON red_letter_form FOR EACH ROW EXECUTE FUNCTION fapiao_red_letter_form_guard();
  CREATE TRIGGER fapiao_guard BEFORE INSERT OR UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION fapiao_outbox_guard();
  CREATE TRIGGER fapiao_guard BEFORE INSERT OR UPDATE ON issuance_draft FOR EACH ROW EXECUTE FUNCTION fapiao_draft_guard();
  CREATE TRIGGER fapiao_stamp BEFORE INSERT ON audit_event FOR EACH ROW EXECUTE FUNCTION fapiao_audit_stamp();
  CREATE TRIGGER fapiao_mark_insert BEFORE INSERT ON certification_batch FOR EACH ROW EXECUTE FUNCTION fapiao_mark_insert();
  CREATE TRIGGER fapiao_right BEFORE INSERT ON red_letter_form FOR EACH STATEMENT EXECUTE FUNCTION fapiao_statement_right('review');
${['red_letter_form', 'print_job', 'received_invoice', 'certification_batch', 'customer', 'product', 'invoice_template']
  .map((table) => `  CREATE TRIGGER fapiao_sign BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION fapiao_sign_row();`)
  .join('\n')}
${[
  'enterprise',
  'customer',
  'product',
  'library_merged',
  'invoice_template',
  'issuance_draft',
  'batch',
  'batch_row',
  'print_job',
  'archive_print_job',
  'printer_calibration',
  'received_invoice',
  'verification',
  'collection_run',
  'collected_invoice_line',
]
  .map((table) => `  CREATE TRIGGER fapiao_right BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION fapiao_statement_right('issue');`)
  .join('\n')}
${['collected_invoice', 'collected_invoice_change', 'certification_batch', 'certification_item']
  .map((table) => `  CREATE TRIGGER fapiao_right BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION fapiao_statement_right('issue', 'certification');`)
  .join('\n')}
`;
