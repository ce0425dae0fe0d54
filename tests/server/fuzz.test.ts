// Issue 13 §2: no bad input answers 5xx, and a refused request writes nothing. The routes come from
// the OpenAPI document of an app built with docs on; for each, fast-check generates bad bodies (wrong
// types, huge strings, NUL bytes, deep nesting, arrays for objects, prototype-pollution keys, numbers
// as strings, broken JSON, garbage multipart), bad queries and bad path values, sent once without a
// token and once as the signed-in administrator with a valid signature where the route is signed.
// After every 4xx the row count of every table must be what it was before the request.
// FUZZ_RUNS (runs per route and caller, default 4) and FUZZ_SEED make a deeper or another walk.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER_TOKEN } from '../../contract/constants';
import { BACKENDS, login, signatureHeaders, startApp, type TestApp } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Audit of refused sign-ins: written on a refusal on purpose. */
const AUDIT_TABLES = new Set(['login_log', 'login_failures', 'schema_migrations']);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: Method;
  /** OpenAPI path, e.g. /boss-admin/sys/dict/getDictItems/{dictCode} */
  path: string;
  op: Operation;
  signed: boolean;
  multipart: boolean;
}
/** One generated request: the body is a value (sent as JSON) or raw bytes with their content type. */
interface Case {
  pathValues: string[];
  query: Record<string, string>;
  body?: { json: unknown } | { raw: string | Uint8Array; type: string };
}

// ---- generators -------------------------------------------------------------------------------
const withNul = fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`);
const hugeText = fc.integer({ min: 5_000, max: 120_000 }).map((n) => '字'.repeat(n));
const numberText = fc.constantFrom('1e309', '-1', '0', '-0', '99999999999999999999', '9223372036854775808', 'NaN', 'Infinity', '0x1F', '1.005', ' 1 ', '');
const nastyText = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '\uD800',
  '2026-13-45 25:61:61',
  '0000-00-00',
  '{"a":',
  '[]',
  'null',
  '*',
  '%',
  '\\',
  'a'.repeat(300),
);
const badText = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 24 }) }, withNul, numberText, nastyText, { weight: 1, arbitrary: hugeText });
const badNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1, 2 ** 31, 2 ** 53, 2 ** 63, 0.001, 1e-9, Number.MAX_SAFE_INTEGER + 2));
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString');
const scalar = fc.oneof(badText, badNumber, fc.boolean(), fc.constant(null));
const anyValue = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    { weight: 3, arbitrary: scalar },
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), protoKey, withNul), tie('v'), { maxKeys: 3 }),
  ),
})).v;

const typesOf = (s: JsonSchema | undefined): string[] => {
  if (!s) return [];
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};
/** A value of roughly the declared type but bad for it, or anything at all. */
function badFor(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const t = typesOf(s);
  const typed: fc.Arbitrary<unknown>[] = [];
  if (t.includes('string')) typed.push(badText);
  if (t.includes('integer') || t.includes('number')) typed.push(badNumber, numberText);
  if (t.includes('array')) typed.push(fc.array(badFor(s?.items), { maxLength: 4 }));
  if (t.includes('object') && s?.properties) typed.push(bodyFor(s));
  if (s?.enum) typed.push(fc.constantFrom(...s.enum), badText);
  return typed.length ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: anyValue }) : anyValue;
}
/** An object with the schema's keys (each maybe left out) holding bad values, plus odd extra keys. */
function bodyFor(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const props = s?.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, badFor(p)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(protoKey, fc.string({ maxLength: 6 })), anyValue, { maxKeys: 2 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}
const deepRaw = fc.integer({ min: 1_000, max: 100_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const brokenJson = fc.constantFrom(
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\u0000',
  '"str"',
  '12',
  'null',
  '',
);

function bodyArb(r: Route): fc.Arbitrary<Case['body']> {
  if (r.multipart) {
    const boundary = 'fuzzB0undary';
    const part = fc
      .uint8Array({ maxLength: 300 })
      .map((bytes) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.xlsx"\r\n\r\n`), Buffer.from(bytes)]),
      );
    return fc.oneof(
      part.map((raw) => ({ raw: new Uint8Array(raw), type: `multipart/form-data; boundary=${boundary}` })),
      fc.uint8Array({ maxLength: 200 }).map((raw) => ({ raw, type: 'multipart/form-data' })),
      anyValue.map((json) => ({ json })),
    );
  }
  const schema = r.op.requestBody?.content?.['application/json']?.schema;
  return fc.oneof(
    { weight: 5, arbitrary: bodyFor(schema).map((json) => ({ json })) },
    { weight: 2, arbitrary: anyValue.map((json) => ({ json })) },
    { weight: 1, arbitrary: deepRaw.map((raw) => ({ raw, type: 'application/json' })) },
    { weight: 1, arbitrary: brokenJson.map((raw) => ({ raw, type: 'application/json' })) },
  );
}

const COMMON_QUERY = ['pageNo', 'pageSize', 'column', 'order', 'id', 'ids', 'superQueryParams', 'superQueryMatchType', '_t'];
const queryText = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 24 }) }, withNul, numberText, nastyText, fc.constant('x'.repeat(4000)));
function caseArb(r: Route): fc.Arbitrary<Case> {
  const names = [...new Set([...(r.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), ...COMMON_QUERY])];
  const pathCount = (r.path.match(/\{[^}]+\}/g) ?? []).length;
  const pathValue = fc.oneof(fc.string({ minLength: 1, maxLength: 24 }), withNul, numberText.filter(Boolean), nastyText, fc.constant('x'.repeat(3000)));
  return fc.record({
    pathValues: fc.array(pathValue, { minLength: pathCount, maxLength: pathCount }),
    query: fc.dictionary(fc.constantFrom(...names), queryText, { maxKeys: 4 }),
    body: r.method === 'POST' || r.method === 'PUT' ? bodyArb(r) : fc.constant(undefined),
  });
}

// ---- the walk ---------------------------------------------------------------------------------
function routesOf(t: TestApp): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation & { consumes?: string[] }>> };
  const signed = new Set(t.app.apiRoutes.filter((r) => r.signed).map((r) => `${r.method} ${r.url}`));
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${API_BASE}/`)) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue;
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const multipart = !!op.requestBody?.content?.['multipart/form-data'];
      out.push({ method, path, op, signed: signed.has(`${method} ${url}`), multipart });
    }
  }
  return out;
}

describe.each(BACKENDS)('fuzz every route on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let countSql: string;

  beforeAll(async () => {
    t = await startApp(backend, { docs: true });
    admin = (await login(t.app, 'admin')).token;
    const tables = await t.sql<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    countSql = `SELECT ${tables
      .filter((x) => !AUDIT_TABLES.has(x.name))
      .map((x) => `(SELECT count(*) FROM "${x.name}")::int AS "${x.name}"`)
      .join(', ')}`;
  }, 180_000);
  afterAll(async () => t?.close());

  const counts = async () => (await t.sql<Record<string, number>>(countSql))[0];

  async function send(r: Route, c: Case, token: string | undefined) {
    let i = 0;
    const url = r.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(c.pathValues[i++] ?? 'x'));
    const headers: Record<string, string> = {};
    if (token) headers[HEADER_TOKEN] = token;
    const req: InjectOptions = { method: r.method, url, query: c.query, headers, remoteAddress: '10.9.9.9' };
    if (c.body && 'json' in c.body) {
      req.payload = JSON.stringify(c.body.json) ?? 'null';
      headers['content-type'] = 'application/json';
      if (token && r.signed) Object.assign(headers, signatureHeaders(JSON.parse(req.payload as string), c.query));
    } else if (c.body) {
      req.payload = typeof c.body.raw === 'string' ? c.body.raw : Buffer.from(c.body.raw);
      headers['content-type'] = c.body.type;
      if (token && r.signed) Object.assign(headers, signatureHeaders({}, c.query));
    } else if (token && r.signed) Object.assign(headers, signatureHeaders({}, c.query));
    return t.app.inject(req);
  }

  it('answers no 5xx and writes no row on a 4xx, signed in or not', { timeout: 600_000 }, async () => {
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<string, number> = {};
    let before = await counts();
    for (const [n, r] of routes.entries()) {
      for (const as of ['anonymous', 'admin'] as const) {
        try {
          await fc.assert(
            fc.asyncProperty(caseArb(r), async (c) => {
              const res = await send(r, c, as === 'admin' ? admin : undefined);
              requests++;
              statuses[`${Math.floor(res.statusCode / 100)}xx`] = (statuses[`${Math.floor(res.statusCode / 100)}xx`] ?? 0) + 1;
              expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
              if (as === 'admin' && res.statusCode === 401) {
                // A sign-out call ended the administrator's session: sign in again (a new session row).
                admin = (await login(t.app, 'admin')).token;
                before = await counts();
                return;
              }
              const after = await counts();
              if (res.statusCode >= 400) {
                const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
                expect(changed, `${res.statusCode} ${res.body.slice(0, 200)} changed rows`).toEqual([]);
              }
              before = after;
            }),
            { numRuns: as === 'anonymous' ? Math.max(1, RUNS >> 1) : RUNS, seed: SEED + n, endOnFailure: true },
          );
        } catch (err) {
          const text = (err as Error).message.replace(/Counterexample: (.{0,600}).*/, 'Counterexample: $1…');
          failures.push(`${r.method} ${r.path} (${as}): ${text.slice(0, 2000)}`);
          before = await counts();
        }
      }
    }
    console.info(`fuzz on ${backend}: ${routes.length} routes, ${requests} requests (${JSON.stringify(statuses)}), ${failures.length} failures`);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
