// Password storage: salted scrypt with its parameters recorded in the hash string, so the cost
// can be raised later without breaking existing hashes. Format: scrypt$N$r$p$salt$hash (base64url).
//
// Hashes run in worker threads of their own at a lower CPU priority (nice 10, Linux), one per core but
// one (at least one), one hash at a time each. Each hash takes about 100 ms of a core. On Node's
// thread pool four ran at once at full priority, so a burst of sign-ins or payment passwords (or a
// password-guessing flood) took every core from the event loop and PostgreSQL, and every other
// request waited behind it (issue 15 §2: at 2.25% sign-ins, 0.5–0.8 of the 2 cores, and the list's
// p99 in seconds). Now a burst waits its turn, and the hashing yields the CPU to the rest of the
// process and to the database whenever they need it: under overload sign-ins slow down, not the API.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';

/** Standard interactive cost (N=2^15). Tests pass a lower N through buildApp options. */
export const DEFAULT_SCRYPT_N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Hashes under way at once (one per hashing thread). */
export const HASH_LANES = Math.max(1, availableParallelism() - 1);
const lane = pLimit(HASH_LANES);
/** The hashing threads' niceness: the kernel runs them when the event loop and the database leave it a core. */
export const HASH_NICE = 10;

// A hashing thread (CommonJS, evaluated): lowers its own priority (on Linux the nice value is per
// thread; elsewhere it would be the whole process's, so it is left alone), then hashes one request
// at a time.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
if (process.platform === 'linux') try { require('node:os').setPriority(${HASH_NICE}); } catch {}
parentPort.on('message', ({ id, password, salt, keylen, opts }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keylen, opts);
    parentPort.postMessage({ id, key }, [key.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});`;

interface Job {
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}
interface HashThread {
  worker: Worker;
  jobs: Map<number, Job>;
}
const idle: HashThread[] = [];
let jobIds = 0;

/** An idle hashing thread (the lane admits at most HASH_LANES jobs, so one is free or is started). */
function thread(): HashThread {
  const found = idle.pop();
  if (found) return found;
  const t: HashThread = { worker: new Worker(WORKER_SOURCE, { eval: true }), jobs: new Map() };
  t.worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
    const job = t.jobs.get(m.id);
    t.jobs.delete(m.id);
    if (m.error !== undefined || !m.key) job?.reject(new Error(m.error ?? 'scrypt failed'));
    else job?.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
  });
  // A thread that fails is not used again; what it held fails with it.
  const fail = (err: Error) => {
    const i = idle.indexOf(t);
    if (i >= 0) idle.splice(i, 1);
    for (const job of t.jobs.values()) job.reject(err);
    t.jobs.clear();
  };
  t.worker.on('error', fail);
  t.worker.on('exit', (code) => fail(new Error(`hashing thread exited (${code})`)));
  return t;
}

function scrypt(password: string, salt: Buffer, keylen: number, opts: { N: number; r: number; p: number }): Promise<Buffer> {
  return lane(async () => {
    const t = thread();
    // Held while it hashes, so a process awaiting only the hash lives to get it; let go when idle, so
    // an idle thread keeps no finished process (a tool, a benchmark) from exiting. (unref() must come
    // after the 'message' listener is added, which refs the worker's port: once made at start, it was
    // undone, and every process that had hashed a password stayed up after its work.)
    t.worker.ref();
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        const id = ++jobIds;
        t.jobs.set(id, { resolve, reject });
        t.worker.postMessage({ id, password, salt: new Uint8Array(salt), keylen, opts: { ...opts, maxmem: 256 * opts.N * opts.r } });
      });
    } finally {
      t.worker.unref();
      if (t.worker.threadId !== -1) idle.push(t);
    }
  });
}

/** Hashes running and waiting for a lane now, and the hashing threads' ids (tests). */
export const hashLane = {
  running: (): number => lane.activeCount,
  waiting: (): number => lane.pendingCount,
  threadIds: (): number[] => idle.map((t) => t.worker.threadId),
};

export async function hashPassword(plain: string, n: number = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(plain, salt, KEYLEN, { N: n, r: R, p: P });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(plain, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(key, expected);
}
