// Local storage with the spec's `pro__` prefix and an expiry per entry (spec §3, §9).
import { STORAGE_PREFIX } from '@contract/constants';

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const ls = {
  get<T>(key: string, fallback: T | null = null): T | null {
    try {
      const raw = localStorage.getItem(STORAGE_PREFIX + key);
      if (raw == null) return fallback;
      const item = JSON.parse(raw) as Stored<T>;
      if (item.expire !== null && item.expire < Date.now()) {
        localStorage.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return item.value;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T, ttlMs: number | null = null): void {
    const item: Stored<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(item));
  },
  remove(key: string): void {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },
};

export const ss = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = sessionStorage.getItem(key);
      return raw == null ? fallback : (JSON.parse(raw) as T);
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown): void {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
};
