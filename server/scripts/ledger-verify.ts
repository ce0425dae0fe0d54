// npm run ledger:verify — recomputes the ledger's hash chains and checks its invariants on the
// database the server uses (DATABASE_URL, else the PGlite files in DATA_DIR: stop the server first,
// PGlite is single-process). The chains are keyed with BOSS_LEDGER_KEY (the environment, else
// DATA_DIR/secrets/ledger.key) and checked against the newest signed checkpoint in
// BOSS_LEDGER_CHECKPOINT_DIR (default DATA_DIR/ledger-checkpoints). Exit 0 with the counts when
// all holds; exit 1 naming the first bad entry.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resolveServerKeys } from '../lib/serverKeys';
import { setLedgerKey } from '../modules/ledger/chainKey';
import { readCheckpoints } from '../modules/ledger/checkpoint';
import { storeOfDb } from '../modules/ledger/store';
import { verifyLedger } from '../modules/ledger/verify';

async function main(): Promise<number> {
  const config = loadConfig();
  setLedgerKey(resolveServerKeys(config).ledgerKey);
  const checkpointDir = path.resolve(config.BOSS_LEDGER_CHECKPOINT_DIR ?? path.join(config.DATA_DIR, 'ledger-checkpoints'));
  const checkpoints = await readCheckpoints(checkpointDir);
  const database = await openDatabase({ dataDir: path.resolve(config.DATA_DIR), databaseUrl: config.DATABASE_URL });
  const store = storeOfDb(database.db);
  try {
    const [{ present }] = await store.query<{ present: boolean }>(`SELECT to_regclass('journal_entries') IS NOT NULL AS present`);
    if (!present) {
      console.error('ledger:verify: this database has no ledger (migration 0007 not applied); start the server once first');
      return 1;
    }
    const r = await verifyLedger(store, { checkpoint: checkpoints.newest });
    for (const line of checkpoints.badLines)
      r.problems.push({ entryNo: null, entryId: null, problem: `checkpoint file line ${line} is not signed with this ledger key (forged or another key)` });
    r.ok = r.problems.length === 0;
    const against = checkpoints.newest ? `checked against the checkpoint of ${checkpoints.newest.at}` : `no checkpoint in ${checkpointDir} yet`;
    const counts = `${r.entries} entries, ${r.postings} postings, ${r.accounts} accounts, ${r.holds} holds, ${r.lanes} chain lanes in ${r.tenants} tenants`;
    if (r.ok) {
      console.log(
        `ledger:verify OK — ${counts}; every hash chain intact (${against}), every entry balanced, balances = sum of postings, frozen = open holds, no negative available balance`,
      );
      return 0;
    }
    const first = r.problems[0];
    console.error(`ledger:verify FAILED — first bad ${first.entryNo ? `entry #${first.entryNo} (${first.entryId})` : 'record'}: ${first.problem}`);
    for (const p of r.problems.slice(1, 10)) console.error(`  also: ${p.entryNo ? `entry #${p.entryNo}: ` : ''}${p.problem}`);
    if (r.problems.length > 10) console.error(`  … ${r.problems.length - 10} more`);
    console.error(`(${counts}; ${against})`);
    return 1;
  } finally {
    await store.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('ledger:verify could not run:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
