// Picking an option of an antd select the way that survives a loaded machine (first written for
// admin.test's super query).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Picks `label` in the antd Select `select` (the dropdown renders in a portal); `title` is the
 * option's title when it says more than the label (the shared option pickers add the code).
 */
export async function choose(page: Page, select: Locator, label: string, title = label) {
  // On a loaded machine a pointer click on the option can land while the dropdown still slides in
  // (another element takes the pointer) or after it closed again. The option's own click handler is
  // what antd listens to, so the click is dispatched to it once it is in an open dropdown; what the
  // select then shows is checked, and the whole pick tried again a few times before giving up.
  const exact = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!(await exact.first().isVisible())) await select.click({ timeout: 5_000 }).catch(() => undefined);
    const picked = await exact
      .first()
      .dispatchEvent('click', undefined, { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!picked) continue;
    const shown = await expect
      .poll(() => select.innerText(), { timeout: 3_000 })
      .toContain(label)
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
  }
  expect(await select.innerText()).toContain(label);
}

/**
 * Runs the row action `text` of a list-kit row: its inline link, or the item under 更多. After an
 * item under 更多 the mouse leaves and the menu must be gone: a hover menu that stays open (the
 * pointer rests on it) sits over what opens next, such as a drawer's header buttons.
 */
export async function rowAction(page: Page, row: Locator, text: string) {
  const inline = row.getByText(text, { exact: true });
  if (await inline.count()) {
    await inline.click();
    return;
  }
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await row.getByText('更多').hover();
    const item = menu.getByText(text, { exact: true });
    const clicked = await item.click({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (clicked) break;
    if (attempt === 2) throw new Error(`row action ${text}: no item under 更多`);
  }
  await page.mouse.move(1, 1);
  await expect.poll(() => menu.count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Confirms the open antd Popconfirm with its 确定. On a loaded machine the click can land while the
 * popup still zooms in and do nothing (seen in jobs.test: the popup stayed open, no request left);
 * so the click is repeated while the popup stays open with its button idle. An async onConfirm
 * keeps the popup open with the button loading until it is done: that is not clicked again.
 */
export async function confirmPopconfirm(page: Page) {
  const open = page.locator('.ant-popconfirm:visible');
  const ok = open.getByRole('button', { name: /确\s*定|OK/ });
  await ok.click();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const closed = await expect
      .poll(() => open.count(), { timeout: 3_000 })
      .toBe(0)
      .then(
        () => true,
        () => false,
      );
    if (closed) return;
    if ((await ok.getAttribute('class'))?.includes('ant-btn-loading')) continue;
    await ok.click({ timeout: 5_000 }).catch(() => undefined);
  }
  expect(await open.count()).toBe(0);
}
