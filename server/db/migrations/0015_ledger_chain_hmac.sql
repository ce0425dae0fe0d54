-- The audit chain is keyed (issue 13 §5): each entry's hash becomes
--   HMAC-SHA256(chain key, prev_hash \n lane \n lane_seq \n entry_no \n canonical)
-- instead of a plain sha256, so someone who can write the database can no longer rewrite an entry
-- and recompute the chain after it. The chain key is derived from BOSS_LEDGER_KEY in the server
-- (server/modules/ledger/chainKey.ts) and is never stored here: the server passes the key's HMAC
-- pads (key XOR ipad, key XOR opad, 64 bytes each) with every ledger_post() call, and the function
-- computes sha256(opad || sha256(ipad || message)), which is HMAC-SHA256 (RFC 2104) — PGlite has
-- sha256() but no pgcrypto. Everything else in ledger_post() is migration 0010's, unchanged.
-- Entries posted before this migration keep their plain sha256 hashes: ledger_chain_keyed records
-- the last entry number hashed that way, and the first signed checkpoint outside the database
-- (server/modules/ledger/checkpoint.ts) carries it from then on, so a later change to the row here
-- does not widen what ledger:verify accepts as unkeyed.

CREATE TABLE ledger_chain_keyed (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  legacy_until bigint NOT NULL
);
INSERT INTO ledger_chain_keyed (legacy_until) SELECT coalesce(max(entry_no), 0) FROM journal_entries;

DROP FUNCTION ledger_post(text, integer, integer, text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean[],
  text[], text[], bigint[], text[], integer[], text[], bigint[], boolean[], text[]);

CREATE FUNCTION ledger_post(
  p_tenant text, p_start_lane integer, p_lanes integer,
  p_ids text[], p_kinds text[], p_actors text[], p_reasons text[], p_keys text[], p_request_hashes text[], p_request_ids text[],
  p_created_ats text[], p_reverses text[], p_allow_disabled boolean[],
  p_hold_ops text[], p_hold_refs text[], p_hold_amounts bigint[], p_hold_owners text[],
  p_line_counts integer[], p_nos text[], p_amounts bigint[], p_customer_only boolean[], p_owners text[],
  p_chain_ipad bytea, p_chain_opad bytea
) RETURNS TABLE (o_outcome text, o_entry_id text, o_entry_no text, o_kind text, o_created_at timestamptz, o_hold_id text, o_account_ids text[])
LANGUAGE plpgsql
-- Its statements are planned once per connection: with custom plans PostgreSQL re-plans them on
-- every call (the planner cannot see into the array parameters), which costs more than the rest.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_n int := coalesce(array_length(p_ids, 1), 0);
  v_all_nos text[] := coalesce(p_nos, '{}');
  v_ref_ids text[] := '{}';
  -- holds to capture or release: id, account, account number (lookup); then remaining and status (locked)
  v_h_ids text[]; v_h_acct bigint[]; v_h_no text[]; v_hl_ids text[]; v_h_rem bigint[]; v_h_status text[]; v_h_old_rem bigint[];
  v_h_op text[];
  -- locked accounts, in id order
  v_ids bigint[]; v_nos text[]; v_owner_kind text[]; v_cus text[]; v_status text[]; v_cus_status text[];
  v_old_bal bigint[]; v_old_frz bigint[]; v_bal bigint[]; v_frz bigint[];
  -- entries already posted under the keys
  v_pk text[]; v_pid text[]; v_phash text[]; v_pno text[]; v_pkind text[]; v_pat timestamptz[]; v_phold text[];
  -- this posting
  v_nb bigint[]; v_nf bigint[]; v_touch int[]; v_deb boolean[];
  v_lo int := 0; v_cnt int; v_i int; v_j int; v_k int; v_t int; v_hk int; v_held int; v_refusal text; v_debited boolean;
  v_hold_id text; v_hold_delta bigint; v_hold_amount bigint; v_line_ids text[]; v_lines_json text;
  -- what the batch writes
  e_ids text[] := '{}'; e_nos bigint[] := '{}'; e_kinds text[] := '{}'; e_actors text[] := '{}'; e_reasons text[] := '{}'; e_keys text[] := '{}';
  e_hashes_req text[] := '{}'; e_req_ids text[] := '{}'; e_hold_ids text[] := '{}'; e_hold_deltas bigint[] := '{}'; e_reverses text[] := '{}';
  e_ats text[] := '{}'; e_canon text[] := '{}'; e_seq bigint[] := '{}'; e_prev text[] := '{}'; e_hash text[] := '{}'; e_posted int[] := '{}';
  l_entry text[] := '{}'; l_no int[] := '{}'; l_acct bigint[] := '{}'; l_amt bigint[] := '{}'; l_after bigint[] := '{}';
  ho_ids text[] := '{}'; ho_acct bigint[] := '{}'; ho_amt bigint[] := '{}'; ho_reason text[] := '{}'; ho_actor text[] := '{}';
  v_lane int; v_seq bigint; v_last text; v_prev text;
BEGIN
  IF octet_length(p_chain_ipad) IS DISTINCT FROM 64 OR octet_length(p_chain_opad) IS DISTINCT FROM 64 THEN
    RAISE EXCEPTION 'ledger: ledger_post needs the chain key''s HMAC pads (64 bytes each)';
  END IF;
  -- 1. Holds to capture or release: their accounts join the accounts to lock.
  FOR v_i IN 1 .. v_n LOOP
    IF p_hold_ops[v_i] IN ('capture', 'release') THEN v_ref_ids := v_ref_ids || p_hold_refs[v_i];
    ELSIF p_hold_ops[v_i] = 'open' THEN v_all_nos := v_all_nos || p_hold_refs[v_i];
    END IF;
  END LOOP;
  IF cardinality(v_ref_ids) > 0 THEN
    SELECT coalesce(array_agg(h.id), '{}'), coalesce(array_agg(h.account_id), '{}'), coalesce(array_agg(a.account_no), '{}')
      INTO v_h_ids, v_h_acct, v_h_no
      FROM holds h JOIN accounts a ON a.id = h.account_id WHERE h.id = ANY (v_ref_ids) AND h.tenant_id = p_tenant;
    v_all_nos := v_all_nos || v_h_no;
  END IF;

  -- 2. Lock every account of the batch in id order (one pass fills the arrays, so they line up; the
  -- subquery is not flattened: it locks). The customer's code and status come by primary key per
  -- row (a join here gets a hash join over all customers in the generic plan).
  SELECT coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.account_no), '{}'), coalesce(array_agg(s.owner_kind), '{}'),
         coalesce(array_agg((SELECT cu.cus_code FROM customers cu WHERE cu.id = s.customer_id)), '{}'), coalesce(array_agg(s.status), '{}'),
         coalesce(array_agg((SELECT cu.status FROM customers cu WHERE cu.id = s.customer_id)), '{}'),
         coalesce(array_agg(s.balance), '{}'), coalesce(array_agg(s.frozen), '{}')
    INTO v_ids, v_nos, v_owner_kind, v_cus, v_status, v_cus_status, v_old_bal, v_old_frz
    FROM (SELECT a.id, a.account_no, a.owner_kind, a.customer_id, a.status, a.balance, a.frozen
            FROM accounts a WHERE a.account_no = ANY (v_all_nos) AND a.tenant_id = p_tenant
           ORDER BY a.id FOR UPDATE) s;
  v_bal := v_old_bal;
  v_frz := v_old_frz;

  -- 3. Then the holds, in id order.
  IF cardinality(v_ref_ids) > 0 THEN
    SELECT coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.remaining), '{}'), coalesce(array_agg(s.status), '{}')
      INTO v_hl_ids, v_h_rem, v_h_status
      FROM (SELECT h.id, h.remaining, h.status FROM holds h WHERE h.id = ANY (v_ref_ids) AND h.tenant_id = p_tenant ORDER BY h.id FOR UPDATE) s;
    v_h_old_rem := v_h_rem;
    v_h_op := array_fill(NULL::text, ARRAY[cardinality(v_hl_ids)]);
  END IF;

  -- 4. Idempotency, read AFTER the locks: a twin that held them has committed by now.
  SELECT coalesce(array_agg(e.idempotency_key), '{}'), coalesce(array_agg(e.id), '{}'), coalesce(array_agg(e.request_hash), '{}'),
         coalesce(array_agg(e.entry_no::text), '{}'), coalesce(array_agg(e.kind), '{}'), coalesce(array_agg(e.created_at), '{}'),
         coalesce(array_agg(e.hold_id), '{}')
    INTO v_pk, v_pid, v_phash, v_pno, v_pkind, v_pat, v_phold
    FROM journal_entries e WHERE e.tenant_id = p_tenant AND e.idempotency_key = ANY (p_keys);

  -- 5. Each posting in turn, on the balances the ones before it left.
  FOR v_i IN 1 .. v_n LOOP
    v_cnt := p_line_counts[v_i];
    o_outcome := NULL; o_entry_id := NULL; o_entry_no := NULL; o_kind := NULL; o_created_at := NULL; o_hold_id := NULL; o_account_ids := NULL;
    v_refusal := NULL;
    v_k := array_position(v_pk, p_keys[v_i]);
    v_j := array_position(e_keys, p_keys[v_i]);
    IF v_k IS NOT NULL THEN
      IF v_phash[v_k] IS DISTINCT FROM p_request_hashes[v_i] THEN v_refusal := 'idempotency_conflict';
      ELSE
        o_outcome := 'replayed'; o_entry_id := v_pid[v_k]; o_entry_no := v_pno[v_k]; o_kind := v_pkind[v_k]; o_created_at := v_pat[v_k]; o_hold_id := v_phold[v_k];
      END IF;
    ELSIF v_j IS NOT NULL THEN
      -- the same key earlier in this batch (a concurrent twin): as if it had committed first
      IF e_hashes_req[v_j] IS DISTINCT FROM p_request_hashes[v_i] THEN v_refusal := 'idempotency_conflict';
      ELSE
        o_outcome := 'replayed'; o_entry_id := e_ids[v_j]; o_entry_no := e_nos[v_j]::text; o_kind := e_kinds[v_j];
        o_created_at := e_ats[v_j]::timestamptz; o_hold_id := e_hold_ids[v_j];
      END IF;
    ELSE
      v_nb := v_bal; v_nf := v_frz; v_touch := '{}'; v_deb := '{}'; v_held := NULL; v_hk := NULL;
      v_hold_id := NULL; v_hold_delta := NULL; v_line_ids := '{}';
      -- an unknown hold, then unknown accounts (lines and a new hold's account)
      IF p_hold_ops[v_i] IN ('capture', 'release') AND array_position(v_h_ids, p_hold_refs[v_i]) IS NULL THEN v_refusal := 'hold_not_found'; END IF;
      IF v_refusal IS NULL THEN
        FOR v_j IN v_lo + 1 .. v_lo + v_cnt LOOP
          IF array_position(v_nos, p_nos[v_j]) IS NULL THEN v_refusal := 'account_not_found'; EXIT; END IF;
        END LOOP;
      END IF;
      IF v_refusal IS NULL AND p_hold_ops[v_i] = 'open' AND array_position(v_nos, p_hold_refs[v_i]) IS NULL THEN v_refusal := 'account_not_found'; END IF;
      -- owners of the lines
      IF v_refusal IS NULL THEN
        FOR v_j IN v_lo + 1 .. v_lo + v_cnt LOOP
          v_k := array_position(v_nos, p_nos[v_j]);
          IF (p_customer_only[v_j] OR p_owners[v_j] IS NOT NULL) AND v_owner_kind[v_k] <> 'customer'
             OR p_owners[v_j] IS NOT NULL AND v_cus[v_k] IS DISTINCT FROM p_owners[v_j] THEN
            v_refusal := 'account_not_found'; EXIT;
          END IF;
        END LOOP;
      END IF;
      -- the hold
      IF v_refusal IS NULL AND p_hold_ops[v_i] IS NOT NULL THEN
        v_held := CASE WHEN p_hold_ops[v_i] = 'open' THEN array_position(v_nos, p_hold_refs[v_i])
                       ELSE array_position(v_ids, v_h_acct[array_position(v_h_ids, p_hold_refs[v_i])]) END;
        IF v_held IS NULL OR v_owner_kind[v_held] <> 'customer' OR (p_hold_owners[v_i] IS NOT NULL AND v_cus[v_held] IS DISTINCT FROM p_hold_owners[v_i]) THEN
          v_refusal := CASE WHEN p_hold_ops[v_i] = 'open' THEN 'account_not_found' ELSE 'hold_not_found' END;
        ELSIF p_hold_ops[v_i] = 'open' THEN
          v_hold_id := gen_random_uuid()::text;
          v_hold_amount := p_hold_amounts[v_i];
          v_hold_delta := v_hold_amount;
          v_deb := v_deb || true; v_touch := v_touch || v_held;
        ELSE
          v_hk := array_position(v_hl_ids, p_hold_refs[v_i]);
          IF v_h_status[v_hk] <> 'open' THEN v_refusal := 'hold_resolved';
          ELSE
            v_hold_amount := coalesce(p_hold_amounts[v_i], v_h_rem[v_hk]);
            IF v_hold_amount > v_h_rem[v_hk] THEN v_refusal := 'hold_exceeded';
            ELSE
              v_hold_id := p_hold_refs[v_i];
              v_hold_delta := -v_hold_amount;
              v_deb := v_deb || false; v_touch := v_touch || v_held;
              IF p_hold_ops[v_i] = 'capture' THEN
                v_j := array_position(p_nos[v_lo + 1 : v_lo + v_cnt], v_nos[v_held]);
                IF v_j IS NULL OR p_amounts[v_lo + v_j] <> -p_hold_amounts[v_i] THEN
                  RAISE EXCEPTION 'ledger: a capture must debit the held account by the captured amount';
                END IF;
              END IF;
            END IF;
          END IF;
        END IF;
        IF v_refusal IS NULL THEN v_nf[v_held] := v_nf[v_held] + v_hold_delta; END IF;
      END IF;
      -- balances, then every account of the posting in id order
      IF v_refusal IS NULL THEN
        v_lines_json := '';
        FOR v_j IN v_lo + 1 .. v_lo + v_cnt LOOP
          v_k := array_position(v_nos, p_nos[v_j]);
          v_nb[v_k] := v_nb[v_k] + p_amounts[v_j];
          v_touch := v_touch || v_k;
          v_deb := v_deb || (p_amounts[v_j] < 0);
        END LOOP;
        -- (a posting names a handful of accounts: a pass over them per locked account keeps id order)
        FOR v_k IN 1 .. cardinality(v_ids) LOOP
          CONTINUE WHEN NOT v_k = ANY (v_touch);
          IF v_status[v_k] = 'closed' THEN v_refusal := 'account_closed'; EXIT; END IF;
          v_debited := false;
          FOR v_t IN 1 .. cardinality(v_touch) LOOP
            IF v_touch[v_t] = v_k AND v_deb[v_t] THEN v_debited := true; END IF;
          END LOOP;
          CONTINUE WHEN NOT v_debited;
          IF v_status[v_k] = 'frozen' AND p_hold_ops[v_i] IS DISTINCT FROM 'release' THEN v_refusal := 'account_frozen'; EXIT; END IF;
          IF v_cus_status[v_k] = 'disabled' AND NOT p_allow_disabled[v_i] THEN v_refusal := 'customer_disabled'; EXIT; END IF;
          IF v_owner_kind[v_k] = 'customer' AND v_nb[v_k] - v_nf[v_k] < 0 THEN v_refusal := 'insufficient'; EXIT; END IF;
        END LOOP;
      END IF;
      IF v_refusal IS NULL THEN
        -- posted: the state moves on, the entry and its lines queue for the writes below
        v_bal := v_nb; v_frz := v_nf;
        IF v_hk IS NOT NULL THEN
          v_h_rem[v_hk] := v_h_rem[v_hk] - v_hold_amount;
          v_h_op[v_hk] := p_hold_ops[v_i];
          IF v_h_rem[v_hk] = 0 THEN v_h_status[v_hk] := CASE WHEN p_hold_ops[v_i] = 'capture' THEN 'captured' ELSE 'released' END; END IF;
        END IF;
        IF p_hold_ops[v_i] = 'open' THEN
          ho_ids := ho_ids || v_hold_id; ho_acct := ho_acct || v_ids[v_held]; ho_amt := ho_amt || v_hold_amount;
          ho_reason := ho_reason || p_reasons[v_i]; ho_actor := ho_actor || p_actors[v_i];
        END IF;
        FOR v_j IN v_lo + 1 .. v_lo + v_cnt LOOP
          v_k := array_position(v_nos, p_nos[v_j]);
          l_entry := l_entry || p_ids[v_i]; l_no := l_no || (v_j - v_lo); l_acct := l_acct || v_ids[v_k];
          l_amt := l_amt || p_amounts[v_j]; l_after := l_after || v_bal[v_k];
          v_line_ids := v_line_ids || v_ids[v_k]::text;
          v_lines_json := v_lines_json || CASE WHEN v_j > v_lo + 1 THEN ',' ELSE '' END
                          || array_to_json(ARRAY[v_ids[v_k]::text, p_amounts[v_j]::text, v_bal[v_k]::text])::text;
        END LOOP;
        e_ids := e_ids || p_ids[v_i]; e_nos := e_nos || nextval('journal_entry_no_seq'); e_kinds := e_kinds || p_kinds[v_i];
        e_actors := e_actors || p_actors[v_i]; e_reasons := e_reasons || p_reasons[v_i]; e_keys := e_keys || p_keys[v_i];
        e_hashes_req := e_hashes_req || p_request_hashes[v_i]; e_req_ids := e_req_ids || p_request_ids[v_i];
        e_hold_ids := e_hold_ids || v_hold_id; e_hold_deltas := e_hold_deltas || v_hold_delta; e_reverses := e_reverses || p_reverses[v_i];
        e_ats := e_ats || p_created_ats[v_i]; e_posted := e_posted || v_i;
        e_canon := e_canon || (left(array_to_json(ARRAY['v1', p_ids[v_i], p_tenant, p_kinds[v_i], p_actors[v_i], p_reasons[v_i], p_keys[v_i],
                                   p_request_hashes[v_i], p_request_ids[v_i], p_created_ats[v_i], coalesce(v_hold_id, ''),
                                   coalesce(v_hold_delta::text, ''), coalesce(p_reverses[v_i], '')])::text, -1) || ',[' || v_lines_json || ']]');
        o_outcome := 'posted'; o_entry_id := p_ids[v_i]; o_entry_no := e_nos[cardinality(e_nos)]::text; o_hold_id := v_hold_id;
        o_account_ids := v_line_ids;
      END IF;
    END IF;
    IF v_refusal IS NOT NULL THEN o_outcome := v_refusal; END IF;
    RETURN NEXT;
    v_lo := v_lo + v_cnt;
  END LOOP;
  IF cardinality(e_ids) = 0 THEN RETURN; END IF;

  -- 6. The lane, last in the lock order: the first free one from the start lane on, wrapping round
  -- (SKIP LOCKED, in key order); when all are busy, the start lane, waiting for it. A tenant's
  -- first posting creates its lanes. The batch's entries extend that lane's chain in order.
  FOR v_i IN 1 .. 2 LOOP
    SELECT hd.lane, hd.seq, hd.last_hash INTO v_lane, v_seq, v_last FROM ledger_heads hd
     WHERE hd.tenant_id = p_tenant AND hd.lane >= p_start_lane ORDER BY hd.lane FOR UPDATE SKIP LOCKED LIMIT 1;
    IF NOT FOUND THEN
      SELECT hd.lane, hd.seq, hd.last_hash INTO v_lane, v_seq, v_last FROM ledger_heads hd
       WHERE hd.tenant_id = p_tenant AND hd.lane < p_start_lane ORDER BY hd.lane FOR UPDATE SKIP LOCKED LIMIT 1;
    END IF;
    IF NOT FOUND THEN
      SELECT hd.lane, hd.seq, hd.last_hash INTO v_lane, v_seq, v_last FROM ledger_heads hd
       WHERE hd.tenant_id = p_tenant AND hd.lane = p_start_lane FOR UPDATE;
    END IF;
    EXIT WHEN FOUND;
    IF v_i = 2 THEN RAISE EXCEPTION 'ledger: tenant % has no chain lane %', p_tenant, p_start_lane; END IF;
    INSERT INTO ledger_heads (tenant_id, lane, seq, last_hash)
      SELECT p_tenant, g, 0, repeat('0', 64) FROM generate_series(0, p_lanes - 1) g ON CONFLICT DO NOTHING;
  END LOOP;
  v_prev := v_last;
  FOR v_j IN 1 .. cardinality(e_ids) LOOP
    v_seq := v_seq + 1;
    v_prev := v_last;
    v_last := encode(sha256(p_chain_opad || sha256(p_chain_ipad || convert_to(v_prev || E'\n' || v_lane::text || E'\n' || v_seq::text || E'\n' || e_nos[v_j]::text
                                                     || E'\n' || e_canon[v_j], 'UTF8'))), 'hex');
    e_seq := e_seq || v_seq; e_prev := e_prev || v_prev; e_hash := e_hash || v_last;
  END LOOP;

  -- 7. The writes, in one statement.
  WITH h AS (
         UPDATE ledger_heads hd SET seq = v_seq, prev_hash = v_prev, last_hash = v_last WHERE hd.tenant_id = p_tenant AND hd.lane = v_lane),
       e AS (
         INSERT INTO journal_entries (id, tenant_id, entry_no, lane, lane_seq, kind, actor, reason, idempotency_key, request_hash, request_id,
                                      hold_id, hold_delta, reverses, created_at, prev_hash, hash)
         SELECT x.id, p_tenant, x.no, v_lane, x.seq, x.kind, x.actor, x.reason, x.key, x.rh, x.rid, x.hid, x.hd, x.rev, x.at::timestamptz, x.prev, x.hash
           FROM unnest(e_ids, e_nos, e_seq, e_kinds, e_actors, e_reasons, e_keys, e_hashes_req, e_req_ids, e_hold_ids, e_hold_deltas, e_reverses, e_ats, e_prev, e_hash)
                AS x(id, no, seq, kind, actor, reason, key, rh, rid, hid, hd, rev, at, prev, hash)),
       p AS (
         INSERT INTO postings (entry_id, line_no, account_id, amount, balance_after)
         SELECT x.e, x.n, x.acc, x.amt, x.bal FROM unnest(l_entry, l_no, l_acct, l_amt, l_after) AS x(e, n, acc, amt, bal)),
       u AS (
         UPDATE accounts a SET balance = x.bal, frozen = x.frz
           FROM unnest(v_ids, v_bal, v_frz, v_old_bal, v_old_frz) AS x(id, bal, frz, old_bal, old_frz)
          WHERE a.id = x.id AND (x.bal <> x.old_bal OR x.frz <> x.old_frz)),
       ho AS (
         INSERT INTO holds (id, tenant_id, account_id, amount, remaining, reason, created_by)
         SELECT x.id, p_tenant, x.acc, x.amt, x.amt, x.reason, x.actor FROM unnest(ho_ids, ho_acct, ho_amt, ho_reason, ho_actor) AS x(id, acc, amt, reason, actor))
  UPDATE holds SET remaining = x.rem,
         status = CASE WHEN x.rem > 0 THEN 'open' WHEN x.op = 'capture' THEN 'captured' ELSE 'released' END,
         resolved_at = CASE WHEN x.rem > 0 THEN NULL ELSE now() END
    FROM unnest(coalesce(v_hl_ids, '{}'), coalesce(v_h_rem, '{}'), coalesce(v_h_old_rem, '{}'), coalesce(v_h_op, '{}')) AS x(id, rem, old_rem, op)
   WHERE holds.id = x.id AND x.rem <> x.old_rem;
END $$;
