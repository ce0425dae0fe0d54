// Picking an option of an antd select the way that survives a loaded machine (first written for
// admin.test's super query).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Picks `label` in the antd Select `select` (the dropdown renders in a portal). */
export async function choose(page: Page, select: Locator, label: string) {
  // On a loaded machine a pointer click on the option can land while the dropdown still slides in
  // (another element takes the pointer) or after it closed again. The option's own click handler is
  // what antd listens to, so the click is dispatched to it once it is in an open dropdown; what the
  // select then shows is checked, and the whole pick tried again a few times before giving up.
  const exact = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);
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
