// npm run ledger:verify — recomputes the ledger's hash chains and checks its invariants on the
// database the server uses (DATABASE_URL, else the PGlite files in DATA_DIR: stop the server first,
// PGlite is single-process). Exit 0 with the counts when all holds; exit 1 naming the first bad entry.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { storeOfDb } from '../modules/ledger/store';
import { verifyLedger } from '../modules/ledger/verify';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: path.resolve(config.DATA_DIR), databaseUrl: config.DATABASE_URL });
  const store = storeOfDb(database.db);
  try {
    const [{ present }] = await store.query<{ present: boolean }>(`SELECT to_regclass('journal_entries') IS NOT NULL AS present`);
    if (!present) {
      console.error('ledger:verify: this database has no ledger (migration 0007 not applied); start the server once first');
      return 1;
    }
    const r = await verifyLedger(store);
    const counts = `${r.entries} entries, ${r.postings} postings, ${r.accounts} accounts, ${r.holds} holds, ${r.lanes} chain lanes in ${r.tenants} tenants`;
    if (r.ok) {
      console.log(`ledger:verify OK — ${counts}; every hash chain intact, every entry balanced, balances = sum of postings, frozen = open holds, no negative available balance`);
      return 0;
    }
    const first = r.problems[0];
    console.error(`ledger:verify FAILED — first bad ${first.entryNo ? `entry #${first.entryNo} (${first.entryId})` : 'record'}: ${first.problem}`);
    for (const p of r.problems.slice(1, 10)) console.error(`  also: ${p.entryNo ? `entry #${p.entryNo}: ` : ''}${p.problem}`);
    if (r.problems.length > 10) console.error(`  … ${r.problems.length - 10} more`);
    console.error(`(${counts})`);
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
