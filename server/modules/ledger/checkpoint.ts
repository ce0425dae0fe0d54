// Signed checkpoints of the audit chain, kept OUTSIDE the database: every lane's head (sequence and
// hash) and the last entry number hashed without a key (before migration 0015), signed with the
// checkpoint subkey of BOSS_LEDGER_KEY (chainKey.ts), appended as one JSON line to
// <dir>/ledger-checkpoints.jsonl. ledger:verify checks the chain against the newest line whose
// signature holds: entries removed from a lane's end, a lane rolled back to an older dump, or a
// chain rewritten with a captured chain key all fail there. Written by this process on a timer
// (startCheckpoints, from main.ts), not by a job row in the database: the schedule must not be
// something a database writer can switch off unseen. The directory is DATA_DIR/ledger-checkpoints
// by default; production should point BOSS_LEDGER_CHECKPOINT_DIR at storage the database's
// administrators cannot write.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ledgerKeys, type LedgerKeys } from './chainKey';
import type { SqlConn } from './store';

export const CHECKPOINT_FILE = 'ledger-checkpoints.jsonl';

export interface CheckpointHead {
  tenantId: string;
  lane: number;
  seq: string;
  hash: string;
}
export interface Checkpoint {
  v: 1;
  at: string;
  /** Entries up to this number carry plain sha256 hashes (posted before the chain was keyed). */
  legacyUntil: string;
  heads: CheckpointHead[];
  mac: string;
}

function macOf(c: Omit<Checkpoint, 'mac'>, keys: LedgerKeys): string {
  const body = JSON.stringify([c.v, c.at, c.legacyUntil, c.heads.map((h) => [h.tenantId, h.lane, h.seq, h.hash])]);
  return createHmac('sha256', keys.checkpoint).update(body, 'utf8').digest('hex');
}

function macHolds(c: Checkpoint, keys: LedgerKeys): boolean {
  const want = Buffer.from(macOf(c, keys), 'hex');
  const got = Buffer.from(typeof c.mac === 'string' ? c.mac : '', 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

export interface CheckpointFile {
  newest: Checkpoint | null;
  /** Lines (1-based) that are not a checkpoint signed with this key. */
  badLines: number[];
}

/** Reads the checkpoints in `dir`: the newest whose signature holds, and the lines that do not. */
export async function readCheckpoints(dir: string, keys: LedgerKeys = ledgerKeys()): Promise<CheckpointFile> {
  let text: string;
  try {
    text = await readFile(path.join(dir, CHECKPOINT_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { newest: null, badLines: [] };
    throw err;
  }
  let newest: Checkpoint | null = null;
  const badLines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const c = JSON.parse(line) as Checkpoint;
      if (c.v !== 1 || !Array.isArray(c.heads) || !macHolds(c, keys)) badLines.push(i + 1);
      else newest = c;
    } catch {
      badLines.push(i + 1);
    }
  });
  return { newest, badLines };
}

/** The number of the last entry hashed without a key: the newest checkpoint's once there is one, else the database's. */
export async function legacyUntil(c: SqlConn, newest: Checkpoint | null): Promise<bigint> {
  if (newest) return BigInt(newest.legacyUntil);
  const [row] = await c.query<{ n: string }>('SELECT legacy_until::text AS n FROM ledger_chain_keyed');
  return BigInt(row?.n ?? '0');
}

/** Appends a checkpoint of every lane's head when any moved since the newest one; answers it, or null when nothing moved. */
export async function writeCheckpoint(c: SqlConn, dir: string, keys: LedgerKeys = ledgerKeys(), now = new Date()): Promise<Checkpoint | null> {
  const { newest } = await readCheckpoints(dir, keys);
  const rows = await c.query<{ tenant_id: string; lane: number; seq: string; last_hash: string }>(
    'SELECT tenant_id, lane, seq::text, last_hash FROM ledger_heads WHERE seq > 0 ORDER BY tenant_id, lane',
  );
  const heads = rows.map((r) => ({ tenantId: r.tenant_id, lane: r.lane, seq: r.seq, hash: r.last_hash }));
  const same = (a: CheckpointHead[], b: CheckpointHead[]) => JSON.stringify(a) === JSON.stringify(b);
  if (newest && same(newest.heads, heads)) return null;
  const unsigned = { v: 1 as const, at: now.toISOString(), legacyUntil: (await legacyUntil(c, newest)).toString(), heads };
  const cp: Checkpoint = { ...unsigned, mac: macOf(unsigned, keys) };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await appendFile(path.join(dir, CHECKPOINT_FILE), `${JSON.stringify(cp)}\n`, { mode: 0o600 });
  return cp;
}

/** Writes a checkpoint now and every `intervalMs`; stop() ends the timer and waits for a write in progress. */
export function startCheckpoints(
  c: SqlConn,
  dir: string,
  intervalMs: number,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const cp = await writeCheckpoint(c, dir);
        if (cp) log.info({ lanes: cp.heads.length, dir }, 'ledger checkpoint written');
      } catch (err) {
        log.error({ err, dir }, 'ledger checkpoint failed');
      }
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
