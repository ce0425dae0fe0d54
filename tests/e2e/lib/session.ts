// Helpers shared by the administration journeys: sign in through the login form, the stored
// access token, waiting for lazy pages, the side menu as the user sees it, and API calls with a
// page's session (what the page's own axios instance would send).
import { expect } from 'vitest';
import type { APIResponse, Page } from 'playwright-core';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN, STORAGE_KEYS, STORAGE_PREFIX } from '../../../contract/constants';
import { signRequest, signTimestamp } from '../../../contract/crypto';

export const DEMO_PASSWORD = 'Demo@2026';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/user/login-admin');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/Home/);
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { value: string }).value : null;
  }, STORAGE_PREFIX + STORAGE_KEYS.token);
  if (!token) throw new Error('not signed in');
  return token;
}

/** Waits until no page is still loading its chunk (the loading skeleton is gone) and no table is still spinning. */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[role=status][aria-busy=true]').count(), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
}

/** Every item of the desktop side menu, with each sub-menu opened so its children render. */
export async function sideMenuTexts(page: Page): Promise<string[]> {
  const menu = page.locator('aside .ant-menu').first();
  await menu.waitFor();
  for (let round = 0; round < 5; round += 1) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const texts = await menu.locator('.ant-menu-title-content').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** A call to the API with the session of `page`; `signed` adds X-Sign and X-TIMESTAMP. */
export async function apiCall(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { data?: Record<string, unknown>; params?: Record<string, string>; signed?: boolean } = {},
): Promise<APIResponse> {
  const headers: Record<string, string> = { [HEADER_TOKEN]: await storedToken(page), [HEADER_TENANT]: '0' };
  if (options.signed) Object.assign(headers, { [HEADER_SIGN]: signRequest(options.params ?? {}, options.data ?? {}), [HEADER_TIMESTAMP]: signTimestamp() });
  return page.context().request.fetch(`${baseURL}${API_BASE}${path}`, { method, headers, data: options.data, params: options.params });
}

/** expect.poll with a timeout that suits a loaded 2-core machine (the default is 1 s). */
export const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
