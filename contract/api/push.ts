// Web Push (issue 20 §2): request bodies of the subscription calls; the rest is in pushWire.ts.
import { z } from 'zod';
import { PUSH_MSG } from './pushWire';

export * from './pushWire';

const b64url = (max: number, message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+=*$/, message);
export const subscribeBody = z.object({
  endpoint: z.string({ error: PUSH_MSG.endpoint }).url(PUSH_MSG.endpoint).max(1024, PUSH_MSG.endpoint),
  keys: z.object({ p256dh: b64url(200, PUSH_MSG.keys), auth: b64url(64, PUSH_MSG.keys) }, { error: PUSH_MSG.keys }),
});
export const unsubscribeBody = z.object({ endpoint: z.string({ error: PUSH_MSG.endpoint }).min(1, PUSH_MSG.endpoint).max(1024, PUSH_MSG.endpoint) });
