/**
 * Part of migration 0650 (database-rights, docs/team-ledger.md §6, §7): who is acting, known to the database.
 *
 * A desk's login role is the same whoever sits at the desk, so it cannot say which clerk acts. A clerk signs
 * in through `fapiao_sign_in(name, pin, desk)`, a SECURITY DEFINER function that checks the PIN against a hash
 * no desk may read (bcrypt, pgcrypto's crypt() with cost 10) and answers a random token; only its SHA-256 is
 * stored (`clerk_session`, bound to the clerk, the login that signed in and an expiry). The desk sets the
 * token on each of its connections (`fapiao.session`), and every rule reads the acting clerk from it through
 * `fapiao_actor()`. A token is worth nothing to another login, after sign-out, deactivation, a PIN reset or
 * 12 hours without renewal.
 *
 * Wrong PINs are counted per name typed (`clerk_sign_in_guard`, unknown names alike): after each one the name
 * waits 1, 2, 4, 8 s before the next PIN is even checked, and the fifth in a row locks it until an admin
 * unlocks it (`fapiao_clerk_unlock`), recorded as a `clerk.lockedOut` audit event. Tries of one name are
 * serialised by an advisory lock, so parallel connections gain nothing.
 *
 * Clerks are written only through the functions below: `clerk` has no INSERT, UPDATE or DELETE for a desk.
 * Each checks that the session's clerk is an admin (or that no clerk exists yet and the first one is an admin,
 * or that the caller is the team's owner, who is trusted anyway). Hashes moved in from a desk's SQLite ledger
 * (scrypt, which PostgreSQL cannot compute) are checked against the key the desk derives from the PIN and the
 * stored salt, and re-hashed with bcrypt at the first sign-in that succeeds.
 */
export const SESSION_SQL = `
  CREATE EXTENSION IF NOT EXISTS pgcrypto;

  -- The team's owner (its admin login, the DBA) is trusted: its writes are taken as given (moving a desk in).
  CREATE FUNCTION fapiao_trusted() RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_has_role(current_user, d.datdba, 'MEMBER') FROM pg_database d WHERE d.datname = current_database()
  $$;
  -- The same question about whoever connected (inside a SECURITY DEFINER function current_user is its owner).
  CREATE FUNCTION fapiao_caller_trusted() RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_has_role(session_user, d.datdba, 'MEMBER') FROM pg_database d WHERE d.datname = current_database()
  $$;

  ALTER TABLE clerk DROP CONSTRAINT IF EXISTS clerk_pin_hash_check;
  ALTER TABLE clerk ADD CONSTRAINT clerk_pin_hash_known CHECK (pin_hash LIKE 'scrypt$%' OR pin_hash LIKE '$2a$%');

  CREATE TABLE clerk_session (
    token_hash bytea PRIMARY KEY,
    clerk_id   bigint NOT NULL REFERENCES clerk (id) ON DELETE CASCADE,
    desk       text NOT NULL,
    login      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  );
  CREATE INDEX clerk_session_clerk ON clerk_session (clerk_id);

  CREATE TABLE clerk_sign_in_guard (
    name         text PRIMARY KEY,
    failures     integer NOT NULL,
    last_failure timestamptz NOT NULL,
    locked_at    timestamptz
  );

  -- An admin may keep a clerk to some enterprises (tax numbers); none listed: every enterprise.
  CREATE TABLE clerk_enterprise (
    clerk_id   bigint NOT NULL REFERENCES clerk (id),
    enterprise text NOT NULL CHECK (enterprise <> ''),
    PRIMARY KEY (clerk_id, enterprise)
  );

  CREATE FUNCTION fapiao_token_hash() RETURNS bytea LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT sha256(convert_to(nullif(current_setting('fapiao.session', true), ''), 'UTF8'))
  $$;

  -- The clerk this connection's session names: one row of NULLs when none (no token, expired, deactivated).
  CREATE FUNCTION fapiao_actor(OUT clerk_id bigint, OUT name text, OUT role text, OUT desk text)
    RETURNS record LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT c.id, c.name, c.role, s.desk FROM clerk_session s JOIN clerk c ON c.id = s.clerk_id
     WHERE s.token_hash = fapiao_token_hash() AND s.login = session_user AND s.expires_at > now() AND c.active
  $$;

  -- The roles nest as in shared/ipc/rights.ts ROLE_RIGHTS (a test compares the two).
  CREATE FUNCTION fapiao_role_has(p_role text, p_right text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE p_right WHEN 'read' THEN p_role IN ('issuer', 'reviewer', 'admin')
                        WHEN 'issue' THEN p_role IN ('issuer', 'reviewer', 'admin')
                        WHEN 'review' THEN p_role IN ('reviewer', 'admin')
                        WHEN 'admin' THEN p_role = 'admin' ELSE false END
  $$;

  CREATE FUNCTION fapiao_clerks_exist() RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM clerk)
  $$;

  -- How long a name waits after its n-th wrong PIN in a row.
  CREATE FUNCTION fapiao_sign_in_delay(p_failures integer) RETURNS interval LANGUAGE sql IMMUTABLE AS $$
    SELECT make_interval(secs => power(2, least(greatest(p_failures, 1), 10) - 1))
  $$;

  -- A PIN typed for a name (at sign-in, or the current PIN of a change of one's own): the name's tries are
  -- serialised, and a locked name or one still waiting is answered without its PIN being looked at —
  -- 'locked', or 'wait' with the milliseconds left; NULL when the PIN may be checked. Invoker's rights: only the
  -- SECURITY DEFINER functions below, which may read the counts, call it.
  CREATE FUNCTION fapiao_pin_try_gate(p_name text, OUT status text, OUT retry_after_ms integer)
    RETURNS record LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE g record;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('fapiao.sign_in'), hashtext(p_name));
      SELECT * INTO g FROM clerk_sign_in_guard WHERE name = p_name;
      IF g.locked_at IS NOT NULL THEN status := 'locked'; RETURN; END IF;
      IF g.failures IS NOT NULL THEN
        retry_after_ms := ceil(extract(epoch FROM g.last_failure + fapiao_sign_in_delay(g.failures) - clock_timestamp()) * 1000);
        IF retry_after_ms > 0 THEN status := 'wait'; RETURN; END IF;
        retry_after_ms := NULL;
      END IF;
    END $$;

  -- A wrong PIN for a name: counted; the fifth in a row locks the name, as one clerk.lockedOut event. Answers
  -- 'locked', or 'refused' with the wait before the name's next try.
  CREATE FUNCTION fapiao_pin_try_failed(p_name text, p_clerk_id bigint, p_desk text, OUT status text, OUT retry_after_ms integer)
    RETURNS record LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE failures integer;
    BEGIN
      INSERT INTO clerk_sign_in_guard AS x (name, failures, last_failure) VALUES (p_name, 1, clock_timestamp())
        ON CONFLICT (name) DO UPDATE SET failures = x.failures + 1, last_failure = excluded.last_failure
        RETURNING x.failures INTO failures;
      IF failures >= 5 THEN
        UPDATE clerk_sign_in_guard SET locked_at = now() WHERE name = p_name;
        INSERT INTO audit_event (at, actor, desk, action, aggregate, record_ids, detail, login)
          VALUES (date_trunc('milliseconds', clock_timestamp()), coalesce((fapiao_actor()).name, ''), coalesce(p_desk, ''), 'clerk.lockedOut', 'clerk',
                  CASE WHEN p_clerk_id IS NULL THEN '{}'::text[] ELSE ARRAY[p_clerk_id::text] END,
                  jsonb_build_object('name', p_name, 'failures', failures, 'known', p_clerk_id IS NOT NULL), session_user);
        status := 'locked';
        RETURN;
      END IF;
      status := 'refused';
      retry_after_ms := ceil(extract(epoch FROM fapiao_sign_in_delay(failures)) * 1000);
    END $$;

  REVOKE EXECUTE ON FUNCTION fapiao_pin_try_gate(text), fapiao_pin_try_failed(text, bigint, text) FROM PUBLIC;

  CREATE FUNCTION fapiao_sign_in(p_name text, p_pin text, p_desk text, p_legacy_key text DEFAULT NULL,
      OUT status text, OUT clerk_id bigint, OUT token text, OUT retry_after_ms integer, OUT legacy text)
    RETURNS record LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
      -- An unknown name costs one bcrypt like a known one (this hash matches no PIN).
      unknown constant text := '$2a$10$CwTycUXWue0Thq9StjUM0uJ8DZDvDc7f5J7e0m0p1Q8yIhj3qkM9u';
      c record;
      matched boolean;
    BEGIN
      status := 'refused';
      IF p_name IS NULL OR p_pin IS NULL OR length(p_name) > 200 OR length(p_pin) > 200 THEN RETURN; END IF;
      SELECT * INTO status, retry_after_ms FROM fapiao_pin_try_gate(p_name);
      IF status IS NOT NULL THEN RETURN; END IF;
      status := 'refused';
      SELECT k.id, k.pin_hash, k.active INTO c FROM clerk k WHERE k.name = p_name;
      IF c.pin_hash LIKE 'scrypt$%' THEN
        IF p_legacy_key IS NULL THEN
          -- N, r, p and salt: the desk derives the key from the PIN typed and asks again.
          status := 'legacy';
          legacy := substr(c.pin_hash, 1, length(c.pin_hash) - length(split_part(c.pin_hash, '$', 6)) - 1);
          RETURN;
        END IF;
        PERFORM crypt(p_pin, unknown);
        matched := split_part(c.pin_hash, '$', 6) = p_legacy_key;
      ELSE
        matched := crypt(p_pin, coalesce(c.pin_hash, unknown)) = c.pin_hash;
      END IF;
      IF NOT coalesce(matched, false) THEN
        SELECT * INTO status, retry_after_ms FROM fapiao_pin_try_failed(p_name, c.id, p_desk);
        RETURN;
      END IF;
      DELETE FROM clerk_sign_in_guard WHERE name = p_name;
      IF NOT c.active THEN status := 'inactive'; RETURN; END IF;
      IF c.pin_hash LIKE 'scrypt$%' THEN UPDATE clerk SET pin_hash = crypt(p_pin, gen_salt('bf', 10)) WHERE id = c.id; END IF;
      DELETE FROM clerk_session WHERE expires_at < now() - interval '1 day';
      token := encode(gen_random_bytes(32), 'hex');
      INSERT INTO clerk_session (token_hash, clerk_id, desk, login, expires_at)
        VALUES (sha256(convert_to(token, 'UTF8')), c.id, coalesce(p_desk, ''), session_user, now() + interval '12 hours');
      status := 'ok';
      clerk_id := c.id;
    END $$;

  CREATE FUNCTION fapiao_sign_out() RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DELETE FROM clerk_session WHERE token_hash = fapiao_token_hash() AND login = session_user
  $$;

  -- A desk renews its session while it works (at most every few minutes); false when it no longer holds.
  CREATE FUNCTION fapiao_session_renew() RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    WITH renewed AS (
      UPDATE clerk_session s SET expires_at = now() + interval '12 hours'
        FROM clerk c
       WHERE s.token_hash = fapiao_token_hash() AND s.login = session_user AND s.expires_at > now() AND c.id = s.clerk_id AND c.active
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM renewed)
  $$;

  -- Who signs a change of the clerks: an admin's session (or the trusted owner, who names itself); raises otherwise.
  CREATE FUNCTION fapiao_clerk_editor(p_by text, OUT by_name text, OUT trusted boolean)
    RETURNS record LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record;
    BEGIN
      trusted := fapiao_caller_trusted();
      IF trusted THEN by_name := p_by; RETURN; END IF;
      SELECT * INTO a FROM fapiao_actor();
      IF a.role IS DISTINCT FROM 'admin' THEN
        RAISE EXCEPTION 'fapiao: only a signed-in admin changes the clerks' USING ERRCODE = '42501';
      END IF;
      by_name := a.name;
    END $$;

  CREATE FUNCTION fapiao_pin_hash(p_pin text) RETURNS text LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      IF p_pin IS NULL OR p_pin = '' OR length(p_pin) > 200 THEN
        RAISE EXCEPTION 'fapiao: a PIN is 1 to 200 characters' USING ERRCODE = '22023';
      END IF;
      RETURN crypt(p_pin, gen_salt('bf', 10));
    END $$;

  CREATE FUNCTION fapiao_clerk_add(p_name text, p_role text, p_pin text, p_by text DEFAULT NULL, p_at timestamptz DEFAULT NULL)
    RETURNS bigint LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE by_name text; added bigint;
    BEGIN
      -- Two desks adding a first admin at once: one of them waits and then finds a clerk.
      LOCK TABLE clerk IN SHARE ROW EXCLUSIVE MODE;
      IF fapiao_caller_trusted() THEN by_name := p_by;
      ELSIF EXISTS (SELECT 1 FROM clerk) THEN by_name := (fapiao_clerk_editor(p_by)).by_name;
      ELSIF p_role IS DISTINCT FROM 'admin' THEN
        RAISE EXCEPTION 'fapiao: the first clerk is an admin' USING ERRCODE = '42501';
      END IF;
      INSERT INTO clerk (name, role, pin_hash, active, created_at, created_by, updated_at, updated_by)
        VALUES (p_name, p_role, fapiao_pin_hash(p_pin), true, coalesce(p_at, now()), by_name, coalesce(p_at, now()), by_name)
        RETURNING id INTO added;
      -- Wrong PINs counted for the name while nobody had it are not the new clerk's.
      DELETE FROM clerk_sign_in_guard WHERE name = p_name;
      RETURN added;
    END $$;

  -- The team keeps an active admin: the last one is neither demoted nor deactivated.
  CREATE FUNCTION fapiao_keep_an_admin(p_id bigint, p_role text, p_active boolean) RETURNS void
    LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      IF (p_role <> 'admin' OR NOT p_active)
         AND EXISTS (SELECT 1 FROM clerk WHERE id = p_id AND role = 'admin' AND active)
         AND NOT EXISTS (SELECT 1 FROM clerk WHERE id <> p_id AND role = 'admin' AND active) THEN
        RAISE EXCEPTION 'fapiao: the last active admin stays an active admin' USING ERRCODE = '23514';
      END IF;
    END $$;

  CREATE FUNCTION fapiao_clerk_set_role(p_id bigint, p_role text, p_by text DEFAULT NULL, p_at timestamptz DEFAULT NULL)
    RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE by_name text := (fapiao_clerk_editor(p_by)).by_name;
    BEGIN
      LOCK TABLE clerk IN SHARE ROW EXCLUSIVE MODE;
      PERFORM fapiao_keep_an_admin(p_id, p_role, true);
      UPDATE clerk SET role = p_role, updated_at = coalesce(p_at, now()), updated_by = by_name WHERE id = p_id;
      RETURN FOUND;
    END $$;

  CREATE FUNCTION fapiao_clerk_set_active(p_id bigint, p_active boolean, p_by text DEFAULT NULL, p_at timestamptz DEFAULT NULL)
    RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE by_name text := (fapiao_clerk_editor(p_by)).by_name;
    BEGIN
      LOCK TABLE clerk IN SHARE ROW EXCLUSIVE MODE;
      IF NOT p_active THEN PERFORM fapiao_keep_an_admin(p_id, 'admin', false); END IF;
      UPDATE clerk SET active = p_active, updated_at = coalesce(p_at, now()), updated_by = by_name WHERE id = p_id;
      IF NOT FOUND THEN RETURN false; END IF;
      IF NOT p_active THEN DELETE FROM clerk_session WHERE clerk_id = p_id; END IF;
      RETURN true;
    END $$;

  -- A PIN reset signs the clerk out everywhere (but the admin who resets their own PIN stays signed in here).
  CREATE FUNCTION fapiao_clerk_set_pin(p_id bigint, p_pin text, p_by text DEFAULT NULL, p_at timestamptz DEFAULT NULL)
    RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE by_name text := (fapiao_clerk_editor(p_by)).by_name;
    BEGIN
      UPDATE clerk SET pin_hash = fapiao_pin_hash(p_pin), updated_at = coalesce(p_at, now()), updated_by = by_name WHERE id = p_id;
      IF NOT FOUND THEN RETURN false; END IF;
      DELETE FROM clerk_session WHERE clerk_id = p_id AND token_hash IS DISTINCT FROM fapiao_token_hash();
      RETURN true;
    END $$;

  -- The signed-in clerk's own PIN, after the current one is checked here — a try like a sign-in's (gate, count,
  -- lock), so someone at a desk left signed in cannot guess it either: 'changed', 'wrong', 'locked' (the clerk's
  -- sessions end) or 'wait' with the milliseconds left.
  CREATE FUNCTION fapiao_change_own_pin(p_current text, p_pin text, p_at timestamptz DEFAULT NULL, OUT status text, OUT retry_after_ms integer)
    RETURNS record LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE a record; stored text;
    BEGIN
      SELECT * INTO a FROM fapiao_actor();
      IF a.clerk_id IS NULL THEN RAISE EXCEPTION 'fapiao: no clerk is signed in' USING ERRCODE = '42501'; END IF;
      SELECT * INTO status, retry_after_ms FROM fapiao_pin_try_gate(a.name);
      IF status IS NOT NULL THEN RETURN; END IF;
      SELECT pin_hash INTO stored FROM clerk WHERE id = a.clerk_id;
      IF stored NOT LIKE '$2a$%' OR crypt(coalesce(p_current, ''), stored) <> stored THEN
        SELECT * INTO status, retry_after_ms FROM fapiao_pin_try_failed(a.name, a.clerk_id, a.desk);
        IF status = 'locked' THEN DELETE FROM clerk_session WHERE clerk_id = a.clerk_id; ELSE status := 'wrong'; END IF;
        RETURN;
      END IF;
      DELETE FROM clerk_sign_in_guard WHERE name = a.name;
      UPDATE clerk SET pin_hash = fapiao_pin_hash(p_pin), updated_at = coalesce(p_at, now()), updated_by = a.name WHERE id = a.clerk_id;
      DELETE FROM clerk_session WHERE clerk_id = a.clerk_id AND token_hash <> fapiao_token_hash();
      status := 'changed';
    END $$;

  CREATE FUNCTION fapiao_clerk_unlock(p_id bigint) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      PERFORM fapiao_clerk_editor(NULL);
      DELETE FROM clerk_sign_in_guard WHERE name = (SELECT name FROM clerk WHERE id = p_id);
      RETURN FOUND;
    END $$;

  -- Which enterprises a clerk may act for (an empty list: all). Their sessions end, so the change holds at once.
  CREATE FUNCTION fapiao_clerk_set_enterprises(p_id bigint, p_enterprises text[]) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
      PERFORM fapiao_clerk_editor(NULL);
      IF NOT EXISTS (SELECT 1 FROM clerk WHERE id = p_id) THEN RETURN false; END IF;
      DELETE FROM clerk_enterprise WHERE clerk_id = p_id;
      INSERT INTO clerk_enterprise (clerk_id, enterprise) SELECT DISTINCT p_id, e FROM unnest(coalesce(p_enterprises, '{}')) AS e;
      DELETE FROM clerk_session WHERE clerk_id = p_id AND token_hash IS DISTINCT FROM fapiao_token_hash();
      RETURN true;
    END $$;
`;
