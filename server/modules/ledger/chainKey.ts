// The keys of the audit chain, derived from BOSS_LEDGER_KEY, which the database never holds
// (server/lib/serverKeys.ts resolves it: the environment, or a file generated into DATA_DIR).
// Two subkeys, so what travels to the database cannot sign checkpoints:
// - chain: keys each entry's hash (HMAC-SHA256). ledger_post() computes it in the database from
//   the key's HMAC pads passed as parameters with each call (migration 0015), never stored there;
// - checkpoint: signs the lane heads written outside the database (checkpoint.ts). It never leaves
//   this process, so even someone who captured the chain subkey on the wire cannot move a
//   checkpointed chain.
import { createHmac, randomBytes } from 'node:crypto';

export interface LedgerKeys {
  chain: Buffer;
  checkpoint: Buffer;
  /** The chain key XOR 0x36 and XOR 0x5c, 64 bytes each: what ledger_post() needs for HMAC-SHA256. */
  chainIpad: Buffer;
  chainOpad: Buffer;
}

export function deriveLedgerKeys(secret: Buffer): LedgerKeys {
  const sub = (label: string) => createHmac('sha256', secret).update(label).digest();
  const chain = sub('boss/ledger/chain/v1');
  const pad = (byte: number) => Buffer.from(Array.from({ length: 64 }, (_, i) => (chain[i] ?? 0) ^ byte));
  return { chain, checkpoint: sub('boss/ledger/checkpoint/v1'), chainIpad: pad(0x36), chainOpad: pad(0x5c) };
}

let current: LedgerKeys | null = null;

/** Sets the process's ledger key (main.ts and ledger:verify, before anything posts or verifies). */
export function setLedgerKey(secret: Buffer): void {
  current = deriveLedgerKeys(secret);
}

/**
 * The process's ledger keys. Tests and benchmarks that never set one get a random key for the life
 * of the process (their databases live no longer); a production process must have set it.
 */
export function ledgerKeys(): LedgerKeys {
  if (!current) {
    if (process.env.NODE_ENV === 'production') throw new Error('ledger: BOSS_LEDGER_KEY is not configured in this process');
    current = deriveLedgerKeys(randomBytes(32));
  }
  return current;
}
