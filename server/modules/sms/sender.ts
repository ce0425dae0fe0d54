// The SMS gateway adapter. The built-in local implementation behaves like a gateway that always
// delivers: every message lands in the sms_outbox table (and in the log outside production).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { newId } from '../../lib/tokens';

export interface SmsMessage {
  mobile: string;
  content: string;
  type: string;
}

export interface SmsSender {
  send(msg: SmsMessage): Promise<void>;
}

export function outboxSmsSender(db: Db, log: FastifyBaseLogger, logCodes: boolean): SmsSender {
  return {
    async send(msg) {
      await db.insert(smsOutbox).values({ id: newId(), mobile: msg.mobile, content: msg.content, smsType: msg.type });
      if (logCodes) log.info({ mobile: msg.mobile, type: msg.type }, `SMS outbox: ${msg.content}`);
    },
  };
}
