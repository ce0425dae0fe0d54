// What can make a cached auth lookup wrong, and how this process hears of it. A change names the
// users whose sessions, groups or permissions changed, or the users whose own row changed (their
// name, status: only what is read from that row is dropped), or is 'all' (roles, permissions,
// groups, tenants). Writers of this process call forgetAuth after their change commits; every process hears
// every committed change from the database (migration 0009's triggers, channel 'boss_auth').
import type { Db } from '../../db/client';

export type AuthChange = 'all' | { users: string[] } | { members: string[] };

/** The users a change names (none for 'all', which names everyone). */
export const usersOf = (change: Exclude<AuthChange, 'all'>): string[] => ('users' in change ? change.users : change.members);

/** Something that drops cached auth lookups (the AuthCache of an app). */
export interface AuthForgetter {
  forget(change: AuthChange): void;
}

const forgetters = new WeakMap<Db, Set<AuthForgetter>>();

export function registerForgetter(db: Db, f: AuthForgetter): () => void {
  const set = forgetters.get(db) ?? new Set<AuthForgetter>();
  set.add(f);
  forgetters.set(db, set);
  return () => set.delete(f);
}

/**
 * Drops what the apps on `db` cached about these users (or everything), at once. Call it with the
 * app's database handle after the change committed; a transaction handle reaches no cache.
 */
export function forgetAuth(db: Db, change: AuthChange): void {
  if (change !== 'all' && usersOf(change).length === 0) return;
  for (const f of forgetters.get(db) ?? []) f.forget(change);
}

/** A 'boss_auth' message: 'u:<user id>', 'm:<user id>' or 'all'; null (messages may have been lost) and anything unknown mean 'all'. */
export function parseAuthMessage(payload: string | null): AuthChange {
  if (payload && payload.startsWith('u:') && payload.length > 2) return { users: [payload.slice(2)] };
  if (payload && payload.startsWith('m:') && payload.length > 2) return { members: [payload.slice(2)] };
  return 'all';
}
