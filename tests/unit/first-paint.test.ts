// The first-paint script index.html runs before any module (src/lib/firstPaintScript.ts), run here
// against a stand-in page: it paints only on a phone, the kept screen of the path before the build's
// default, never a screen past its time or past its entry's expiry, and a user's own screen only
// while a session token is kept. And the greeting's time limit (contract/greeting.ts).
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../../contract/constants';
import { greetingFor, greetingUntil } from '../../contract/greeting';
import { FIRST_PAINT_ID, firstPaintScript, type FirstPaint } from '../../src/lib/firstPaintScript';

interface Painted {
  id: string;
  html: string;
  path: string;
  css: string;
  font: string;
}

const screen = (html: string, more: Partial<FirstPaint> = {}): FirstPaint => ({
  html,
  top: 60,
  left: 12,
  right: 12,
  font: 'sans-serif',
  until: null,
  user: false,
  ...more,
});
const stored = (value: unknown, expire: number | null = null) => JSON.stringify({ value, expire });

/** Runs the script on a stand-in page and answers what it painted (null: nothing). */
function run(o: { phone?: boolean; path: string; storage?: Record<string, string>; defaults?: Record<string, FirstPaint> }): Painted | null {
  const painted: Painted[] = [];
  const storage = o.storage ?? {};
  const element = () => {
    const el = {
      id: '',
      innerHTML: '',
      dataset: {} as Record<string, string>,
      style: { cssText: '', fontFamily: '', visibility: '' },
      setAttribute: () => undefined,
      remove: () => undefined,
    };
    return el;
  };
  const document = {
    createElement: element,
    querySelector: () => null,
    body: {
      appendChild: (el: ReturnType<typeof element>) =>
        painted.push({ id: el.id, html: el.innerHTML, path: el.dataset.path, css: el.style.cssText, font: el.style.fontFamily }),
    },
  };
  const env = {
    matchMedia: () => ({ matches: o.phone ?? true }),
    location: { pathname: o.path },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    document,
    setTimeout: () => 0,
  };
  new Function(...Object.keys(env), firstPaintScript(o.defaults ?? {}))(...Object.values(env));
  return painted[0] ?? null;
}

const KEEP = STORAGE_PREFIX + STORAGE_KEYS.firstPaint;
const TOKEN = STORAGE_PREFIX + STORAGE_KEYS.token;

describe('first-paint script', () => {
  it('paints the kept screen of the path, where it sat, in the page’s font', () => {
    const painted = run({
      path: '/Home/',
      storage: { [KEEP]: stored({ '/Home': screen('<section>下午好</section>', { font: 'kit-font' }) }), [TOKEN]: stored('t') },
    });
    expect(painted).toMatchObject({ id: FIRST_PAINT_ID, html: '<section>下午好</section>', path: '/Home', font: 'kit-font' });
    expect(painted!.css).toContain('top:60px;left:12px;right:12px');
    expect(painted!.css).toContain('pointer-events:none');
  });

  it('falls back to the build’s default of the path, and a kept screen wins over it', () => {
    const defaults = { '/user/login-admin': screen('<header>默认</header>') };
    expect(run({ path: '/user/login-admin', defaults })?.html).toBe('<header>默认</header>');
    expect(run({ path: '/user/login-admin', defaults, storage: { [KEEP]: stored({ '/user/login-admin': screen('<header>租户</header>') }) } })?.html).toBe(
      '<header>租户</header>',
    );
    expect(run({ path: '/user/register', defaults })).toBeNull();
  });

  it('paints nothing on a desktop', () => {
    expect(run({ phone: false, path: '/user/login-admin', defaults: { '/user/login-admin': screen('<header>默认</header>') } })).toBeNull();
  });

  it('never paints a screen past its time, or kept past its expiry', () => {
    const now = Date.now();
    const late = { [KEEP]: stored({ '/Home': screen('<section>上午好</section>', { until: now - 1 }) }), [TOKEN]: stored('t') };
    expect(run({ path: '/Home', storage: late })).toBeNull();
    const expired = { [KEEP]: stored({ '/Home': screen('<section>x</section>') }, now - 1), [TOKEN]: stored('t') };
    expect(run({ path: '/Home', storage: expired })).toBeNull();
    const inTime = { [KEEP]: stored({ '/Home': screen('<section>下午好</section>', { until: now + 60_000 }) }), [TOKEN]: stored('t') };
    expect(run({ path: '/Home', storage: inTime })?.html).toBe('<section>下午好</section>');
  });

  it('paints a user’s own screen only while a session token is kept', () => {
    const kept = stored({ '/Home': screen('<section>下午好，张三</section>', { user: true }) });
    expect(run({ path: '/Home', storage: { [KEEP]: kept } })).toBeNull();
    expect(run({ path: '/Home', storage: { [KEEP]: kept, [TOKEN]: stored('t', Date.now() - 1) } })).toBeNull();
    expect(run({ path: '/Home', storage: { [KEEP]: kept, [TOKEN]: stored('t', Date.now() + 60_000) } })?.html).toBe('<section>下午好，张三</section>');
  });

  it('paints nothing, and throws nothing, when the kept entry is not JSON', () => {
    expect(run({ path: '/Home', storage: { [KEEP]: '{not json' } })).toBeNull();
  });
});

describe('greetingUntil', () => {
  it('is the next hour the greeting changes at, or midnight, and the greeting holds until then', () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(2026, 10, 26, hour, 30);
      const until = greetingUntil(now);
      expect(until.getTime()).toBeGreaterThan(now.getTime());
      expect(until.getMinutes() + until.getSeconds()).toBe(0);
      // The same greeting and date for every hour before it, a different one (or day) at it.
      for (let t = now.getTime(); t < until.getTime(); t += 15 * 60_000) expect(greetingFor(new Date(t).getHours())).toBe(greetingFor(hour));
      expect(greetingFor(until.getHours()) !== greetingFor(hour) || until.getDate() !== now.getDate()).toBe(true);
    }
    expect(greetingUntil(new Date(2026, 10, 26, 21, 0)).getTime()).toBe(new Date(2026, 10, 27, 0, 0).getTime());
  });
});
