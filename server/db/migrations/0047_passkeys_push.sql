-- Issue 20: approving with a passkey bound to the orders, and Web Push to closed apps.
--
-- passkeys: one WebAuthn credential of a user (platform authenticator with user verification),
-- registered for the relying party rp_id (the product's own host). An administrator's revocation
-- keeps the row (revoked_at, revoked_by) so the audit trail can still name it.
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  rp_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Server-side, single-use, short-lived WebAuthn challenges. An approval challenge is a hash over
-- `binding` (the exact orders: ids, versions, amounts, payees; the approver) and a server nonce;
-- using it deletes it.
CREATE TABLE passkey_challenges (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  tenant_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'approve')),
  challenge text NOT NULL,
  binding jsonb,
  rp_id text NOT NULL,
  origin text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- Which passkey approved (NULL: the payment password, or not an approval).
ALTER TABLE pay_order_events ADD COLUMN passkey_id text;

-- Web Push subscriptions: one row per browser push endpoint, owned by the user last signed in there.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_ok_at timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- Push messages to send, written in the transaction of what they tell (or right after it). Whichever
-- server process claims a row (DELETE … SKIP LOCKED) sends it; the insert wakes them all.
CREATE TABLE push_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  -- NULL: every user of the tenant (an announcement to all)
  user_ids text[],
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION push_outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boss_push', '');
  RETURN NULL;
END $$;
CREATE TRIGGER push_outbox_wake AFTER INSERT ON push_outbox FOR EACH STATEMENT EXECUTE FUNCTION push_outbox_wake();
