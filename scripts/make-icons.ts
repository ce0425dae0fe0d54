// Draws the PWA icons: writes public/favicon.svg and renders the PNG icons of the web app manifest
// from the same drawing with headless Chromium. Run by hand when the mark changes, then commit the
// output: `npx tsx scripts/make-icons.ts`.
import { chromium } from 'playwright-core';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PRIMARY_COLOR } from '../contract/constants';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** A "B" drawn as one path (stem and two bowls, counters cut out by even-odd fill) on a 512 grid. */
const LETTER_B =
  'M160 128H274A60 60 0 0 1 274 248H284A68 68 0 0 1 284 384H160Z' + 'M216 172H270A16 16 0 0 1 270 204H216Z' + 'M216 292H280A24 24 0 0 1 280 340H216Z';

/**
 * The mark: a white "B" on the primary colour. `maskable` fills the whole square and shrinks the
 * letter into the 80 % safe zone that launchers keep when they crop to a circle or squircle.
 */
function markSvg({ maskable }: { maskable: boolean }): string {
  const background = maskable
    ? `<rect width="512" height="512" fill="${PRIMARY_COLOR}"/>`
    : `<rect width="512" height="512" rx="112" fill="${PRIMARY_COLOR}"/>`;
  const letter = maskable
    ? `<g transform="translate(256 256) scale(0.8) translate(-256 -256)"><path fill="#fff" fill-rule="evenodd" d="${LETTER_B}"/></g>`
    : `<path fill="#fff" fill-rule="evenodd" d="${LETTER_B}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${letter}</svg>\n`;
}

const targets = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
];

async function main(): Promise<void> {
  await mkdir(publicDir + 'icons', { recursive: true });
  await writeFile(publicDir + 'favicon.svg', markSvg({ maskable: false }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const target of targets) {
      const page = await browser.newPage({ viewport: { width: target.size, height: target.size }, deviceScaleFactor: 1 });
      const svg = markSvg({ maskable: target.maskable }).replace('<svg ', `<svg width="${target.size}" height="${target.size}" `);
      await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
      await page.screenshot({ path: publicDir + target.file, omitBackground: true, clip: { x: 0, y: 0, width: target.size, height: target.size } });
      await page.close();
      console.log('wrote public/' + target.file);
    }
  } finally {
    await browser.close();
  }
}

await main();
