// Picking a customer with the shared customer picker (src/components/customerPicker), as a clerk does:
// desktop, type into the select's search and click the option; phone, open the sheet, search, tap.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function pickCustomer(page: Page, search: string, option: string): Promise<void> {
  const phone = (page.viewportSize()?.width ?? 1440) < 768;
  if (phone) {
    await page.locator('[role="button"][aria-label="客户"]').click();
    const sheet = page.locator('.adm-popup-body:visible', { has: page.getByPlaceholder('按客户代码或名称搜索') });
    await sheet.getByPlaceholder('按客户代码或名称搜索').fill(search);
    await sheet.locator('.adm-list-item', { hasText: option }).first().click();
    await sheet.waitFor({ state: 'hidden' });
    return;
  }
  const input = page.getByRole('combobox', { name: '客户', exact: true });
  const select = page.locator('.ant-select', { has: input });
  // A pointer click can land while the drop-down slides in and be lost (as admin.test's choose()
  // found): the click is dispatched to the option, and tried again until the select shows it.
  await expect
    .poll(
      async () => {
        if ((await select.innerText()).includes(option)) return true;
        await input.click();
        await input.fill(search);
        const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first();
        await item.dispatchEvent('click', undefined, { timeout: 5_000 }).catch(() => undefined);
        return (await select.innerText()).includes(option);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}
