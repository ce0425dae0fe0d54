// Scheduled jobs end to end (issue 3 §4), in Chromium against the real server with its scheduler.
// As admin at 1440×900: the 定时任务 list fits the width; 新增 opens the job form, whose cron field
// opens the cron dialog; editing a mode's number selects that mode and the preview of the next 10
// run times follows the expression; the saved job fires on its own (执行记录 gains a row with its
// duration); 暂停, 立即执行, a failing run (its parameter made invalid behind the API, as a handler
// upgrade would) with its error in the toast and the history, and 删除. At 390×844: the list as
// cards and the phone cron popup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import pg from 'pg';
import { JOB_MSG, JOB_PATHS, type Job } from '../../contract/api/jobs';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { confirmPopconfirm, rowAction as runRowAction } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const databaseUrl = e2eTarget().databaseUrl;
const SFX = Date.now().toString(36);
// Named afresh by each try of the test: a retry must not meet the job its failed try left.
let JOB_NAME = '';
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const seconds = (text: string) => new Date(text.replace(' ', 'T')).getTime() / 1000;

describe('scheduled jobs at 1440×900', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await ctx.newPage();
    await signIn(page, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const jobRow = () => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: JOB_NAME });
  /** Runs a row action of the job (inline, or under 更多) and confirms it when it asks. */
  async function rowAction(text: string, confirm: boolean) {
    await runRowAction(page, jobRow(), text);
    if (confirm) await confirmPopconfirm(page);
  }
  const previewTimes = (dialog: Locator) => dialog.locator('.cron-preview .ant-list-item').allInnerTexts();

  it('creates a job with the cron dialog, sees it fire, pauses, runs now, sees a failing run, deletes it', async () => {
    JOB_NAME = `e2e心跳${Date.now().toString(36)}`;
    await page.goto('/system/quartzJob');
    await settled(page);
    // The usual columns fit 1440 wide: no horizontal scrollbar.
    const table = page.locator('.ant-table-content, .ant-table-body').first();
    await eventually(() => table.isVisible()).toBe(true);
    await screenshot(page, 'jobs-desktop-list-empty');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

    await page
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = page.locator('.ant-modal', { hasText: '新增定时任务' });
    await form.getByPlaceholder('请输入任务名称').fill(JOB_NAME);
    await form.getByRole('button', { name: /选\s*择/ }).click();

    const dialog = page.locator('.ant-modal', { hasText: '最近10次运行时间' });
    await eventually(async () => (await previewTimes(dialog)).length).toBe(10);
    const daily = await previewTimes(dialog);
    expect(daily[0]).toMatch(/^第1次\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The preview stands in two columns: the 6th time sits beside the 1st.
    const box = async (i: number) => (await dialog.locator('.cron-preview .ant-list-item').nth(i).boundingBox())!;
    expect(Math.abs((await box(5)).y - (await box(0)).y)).toBeLessThan(2);
    expect((await box(5)).x).toBeGreaterThan((await box(0)).x + 200);

    // 时 and 分: every hour, every minute; 秒: a loop every 3 seconds, set through its number only.
    await dialog.getByRole('tab', { name: '时' }).click();
    await dialog
      .getByRole('tabpanel')
      .getByText(/^每小时（/)
      .click();
    await dialog.getByRole('tab', { name: '分' }).click();
    await dialog
      .getByRole('tabpanel')
      .getByText(/^每分钟（/)
      .click();
    await dialog.getByRole('tab', { name: '秒' }).click();
    const step = dialog.getByRole('spinbutton', { name: '循环间隔秒' });
    await step.fill('3');
    await step.press('Tab');
    const loopRadio = dialog
      .getByRole('tabpanel')
      .locator('.cron-mode')
      .filter({ has: page.getByRole('spinbutton', { name: '循环间隔秒' }) });
    await eventually(() => loopRadio.evaluate((el) => el.classList.contains('ant-radio-wrapper-checked'))).toBe(true);
    const expression = dialog.getByRole('textbox', { name: 'Cron表达式' });
    await eventually(() => expression.inputValue()).toMatch(/^\d+\/3 \* \* \* \* \?$/);
    expect(await expression.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono|Menlo|Consolas/i);
    // The preview follows (500 ms after the last change): ten times 3 s apart.
    await eventually(async () => {
      const times = (await previewTimes(dialog)).map((t) => t.replace(/^第\d+次\s+/, ''));
      return times.length === 10 && times.every((t) => TIME.test(t)) && seconds(times[1]) - seconds(times[0]) === 3;
    }).toBe(true);
    expect(await previewTimes(dialog)).not.toEqual(daily);
    await screenshot(page, 'jobs-desktop-cron-dialog');
    const cron = await expression.inputValue();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await eventually(() => form.locator('input.cron-expression').inputValue()).toBe(cron);
    await screenshot(page, 'jobs-desktop-form');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => form.isVisible()).toBe(false);
    await settled(page);
    await eventually(() => jobRow().count()).toBe(1);
    expect(await jobRow().innerText()).toContain(cron);
    expect(await jobRow().innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await screenshot(page, 'jobs-desktop-list');

    // It fires on its own: 执行记录 gains a scheduled run with its duration.
    await rowAction('执行记录', false);
    const drawer = page.locator('.ant-drawer', { hasText: `执行记录 - ${JOB_NAME}` });
    const runRows = drawer.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(async () => {
      await drawer.getByRole('button', { name: /刷\s*新/ }).click();
      await settled(page);
      return runRows.filter({ hasText: '定时' }).filter({ hasText: '成功' }).count();
    }).toBeGreaterThan(0);
    const fired = await runRows.filter({ hasText: '定时' }).first().innerText();
    expect(fired).toMatch(/\d+ 毫秒|\d+\.\d+ 秒/);
    expect(fired).toContain('心跳正常');
    await screenshot(page, 'jobs-desktop-runs');
    await drawer.locator('.ant-drawer-close').click();
    await eventually(() => drawer.isVisible()).toBe(false);

    // 暂停: the status turns 已暂停 and the next time goes.
    await rowAction('暂停', true);
    await eventually(() => page.getByText(JOB_MSG.paused).count()).toBeGreaterThan(0);
    await eventually(() => jobRow().innerText()).toContain('已暂停');
    expect(await jobRow().getByText('恢复', { exact: true }).count()).toBe(1);

    // 立即执行 of the paused job runs it once.
    await rowAction('立即执行', true);
    await eventually(() => page.locator('.ant-message').innerText()).toContain(`${JOB_MSG.executed}：心跳正常`);

    // A failing run: the job's parameter made invalid behind the API.
    const job = (await (await apiCall(page, baseURL, 'GET', JOB_PATHS.list, { params: { jobName: JOB_NAME } })).json()).result.records[0] as Job;
    await corruptParameter(job.id);
    await rowAction('立即执行', true);
    await eventually(() => page.locator('.ant-message').innerText()).toContain('执行失败：任务参数不合法');
    await rowAction('执行记录', false);
    await eventually(async () => {
      await drawer.getByRole('button', { name: /刷\s*新/ }).click();
      await settled(page);
      return runRows.filter({ hasText: '失败' }).count();
    }).toBe(1);
    expect(await runRows.filter({ hasText: '失败' }).innerText()).toMatch(/任务参数不合法.*note/);
    expect(await runRows.filter({ hasText: '手动' }).count()).toBe(2);
    await screenshot(page, 'jobs-desktop-runs-failed');
    await drawer.locator('.ant-drawer-close').click();
    await eventually(() => drawer.isVisible()).toBe(false);

    // 删除.
    await rowAction('删除', true);
    await settled(page);
    await eventually(() => jobRow().count()).toBe(0);
  });
});

/** Sets the job's parameter to one its handler refuses (as after a handler's schema changed). */
async function corruptParameter(jobId: string) {
  if (!databaseUrl) throw new Error('this step needs the e2e PostgreSQL database');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE jobs SET parameter = $1 WHERE id = $2', ['{"note": 5}', jobId]);
  } finally {
    await client.end();
  }
}

describe('scheduled jobs on a 390×844 phone', () => {
  let ctx: BrowserContext;
  let phone: Page;
  beforeAll(async () => {
    ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    phone = await ctx.newPage();
    await signIn(phone, 'admin');
    // One job to show as a card.
    const res = await apiCall(phone, baseURL, 'POST', JOB_PATHS.add, {
      data: { jobName: `手机任务${SFX}`, handler: 'logPrune', cronExpression: '0 30 2 * * ?', parameter: '{"days": 90}', description: '每天清理登录日志' },
    });
    expect(res.status()).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows the jobs as cards and builds a cron in the phone popup', async () => {
    await phone.goto('/system/quartzJob');
    await settled(phone);
    const card = phone.getByTestId('list-card').filter({ hasText: `手机任务${SFX}` });
    await eventually(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain('0 30 2 * * ?');
    // The next time, formatted (the cron speaks the server's zone, the card the phone's).
    expect(await card.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:30:00/);
    expect(await phone.locator('.ant-table').count()).toBe(0);
    await screenshot(phone, 'jobs-phone-cards');

    // The floating 新增 bubble answers taps (a click is a drag to it).
    await phone.locator('.adm-floating-bubble-button').tap();
    const form = phone.locator('.adm-popup-body', { hasText: '新增定时任务' });
    await eventually(() => form.isVisible()).toBe(true);
    await screenshot(phone, 'jobs-phone-form');
    await form.getByRole('button', { name: '选择' }).tap();
    const popup = phone.locator('.adm-popup-body', { hasText: '最近10次运行时间' });
    await eventually(() => popup.locator('.cron-m-preview > div').count()).toBe(10);
    await popup.locator('.adm-tabs-tab', { hasText: '秒' }).tap();
    await popup.locator('.adm-selector-item', { hasText: '循环' }).first().tap();
    // The steppers stand inline with their words, on one line.
    const steppers = popup.locator('.cron-m-steppers').first();
    await eventually(() => steppers.locator('.adm-stepper').count()).toBe(2);
    const [a, b] = await Promise.all([0, 1].map(async (i) => (await steppers.locator('.adm-stepper').nth(i).boundingBox())!));
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    await eventually(() => popup.getByLabel('Cron表达式').innerText()).toMatch(/^\d+\/\d+ 0 3 \* \* \?$/);
    // The preview follows: ten times, the loop's seconds within 03:00 of the server's day.
    await eventually(
      async () =>
        (await popup.locator('.cron-m-preview > div').allInnerTexts()).filter((t) => /^第\d+次\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t)).length,
    ).toBe(10);
    await screenshot(phone, 'jobs-phone-cron');
  });
});
