// Column helpers shared by the schema files.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money: integer fen. */
export const fen = (name: string) => bigint(name, { mode: 'bigint' });
/** bigint identity ids read as numbers. */
export const id64 = (name: string) => bigint(name, { mode: 'number' });
