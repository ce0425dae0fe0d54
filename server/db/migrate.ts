// Applies server/db/migrations/NNNN_name.sql in order, once each, recording them in
// schema_migrations. A PostgreSQL advisory lock makes two processes starting together safe:
// the second waits, then finds the files already applied.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant naming this application's migration lock. */
const LOCK_KEY = 72_026_001;

/**
 * Advisory locks are per connection, and PGlite is one connection shared by the whole process,
 * so runners inside one process also queue behind each other here.
 */
const inProcess = new WeakMap<Database, Promise<unknown>>();

export function migrate(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const previous = inProcess.get(database) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(() => migrateLocked(database, dir));
  inProcess.set(database, run);
  return run;
}

async function migrateLocked(database: Database, dir: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const conn = await database.connect();
  const applied: string[] = [];
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await conn.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = new Set((await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(path.join(dir, file), 'utf8');
        await conn.exec('BEGIN');
        try {
          await conn.exec(sql);
          await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await conn.exec('COMMIT');
        } catch (err) {
          await conn.exec('ROLLBACK');
          throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file);
      }
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    await conn.release();
  }
  return applied;
}
