// Random tokens and their stored digests. Tokens never touch the database in clear.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const newId = (): string => randomUUID();
/** A numeric code of `digits` digits, uniformly random, leading zeros kept. */
export const numericCode = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
