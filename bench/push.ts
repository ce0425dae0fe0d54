// npx tsx bench/push.ts — time from a payment order's submission to its Web Push arriving, encrypted,
// at the approver's push endpoint (issue 20 §4; goal ≤ 2 s). The real server (`tsx server/main.ts`,
// embedded database) in a child process; a local push service (tests/server/lib/pushEndpoint.ts)
// that checks the VAPID JWT and decrypts each aes128gcm payload with the device's keys. The approver
// subscribes one device; the operator submits BENCH_ORDERS (30) orders one after another, each
// timed from the submit call's start to the decrypted message at the endpoint. One JSON line last.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LEDGER_PATHS } from '../contract/api/ledger';
import { PAY_PATHS } from '../contract/api/pay';
import { PUSH_PATHS } from '../contract/api/push';
import { startServer } from '../tests/e2e/lib/server';
import { LocalPushService } from '../tests/server/lib/pushEndpoint';
import { callApi, signIn } from './lib/api';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 30);
const GOAL_MS = 2000;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'boss-bench-push-'));
  const server = await startServer({ name: 'bench-push-server', env: { DATA_DIR: dataDir } });
  const service = await new LocalPushService().start();
  try {
    const [operator, approver] = await Promise.all([signIn(server.baseURL, 'operator'), signIn(server.baseURL, 'approver')]);
    const device = service.device('approver-phone');
    const sub = await callApi(server.baseURL, 'POST', PUSH_PATHS.subscribe, device, approver);
    if (sub.status !== 200) throw new Error(`subscribe: ${JSON.stringify(sub.json)}`);
    const accounts = async (cusCode: string) =>
      (await callApi(server.baseURL, 'POST', LEDGER_PATHS.accountInquiry, { cusCode }, operator)).json.body.listData as { acctNo: string; acctType: string }[];
    const from = (await accounts('C0101')).find((a) => a.acctType === 'settlement')!.acctNo;
    const to = (await accounts('C0102')).find((a) => a.acctType === 'basic')!.acctNo;
    const times: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const before = service.to(device).length;
      const t0 = Date.now();
      const r = await callApi(
        server.baseURL,
        'POST',
        PAY_PATHS.orderSubmit,
        { fromAcctNo: from, payeeName: '收款人', payeeAcctNo: to, amount: '1.00', idempotencyKey: randomUUID() },
        operator,
      );
      if (r.status !== 200) throw new Error(`submit: ${JSON.stringify(r.json)}`);
      const orderId = r.json.body.order.orderId as string;
      for (;;) {
        const got = service
          .to(device)
          .slice(before)
          .find((m) => m.payload.orderId === orderId);
        if (got) {
          times.push(got.at - t0);
          break;
        }
        if (Date.now() - t0 > 10_000) throw new Error(`order ${orderId}: no push within 10 s`);
        await new Promise((res) => setTimeout(res, 5));
      }
    }
    if (service.errors.length) throw new Error(`push endpoint refused: ${service.errors.join('; ')}`);
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const figures = {
      orders: ORDERS,
      push_p50_ms: pick(0.5),
      push_p95_ms: pick(0.95),
      push_max_ms: times[times.length - 1]!,
      load_avg_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    };
    console.log(`${figures.push_p95_ms <= GOAL_MS ? 'ok  ' : 'OVER'} push_p95_ms = ${figures.push_p95_ms} (goal ≤ ${GOAL_MS})`);
    console.log(JSON.stringify(figures));
  } finally {
    await service.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
