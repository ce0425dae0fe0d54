// Image captcha drawn as SVG: each character placed and rotated at random over noise lines and dots.
// No fonts or native libraries needed; the answer is never in the markup as one string.
import { randomInt } from 'node:crypto';

/** Characters that cannot be confused with each other (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const W = 120;
const H = 40;

export function randomCaptchaText(length = 4): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

const colour = () => `rgb(${randomInt(40, 160)},${randomInt(40, 160)},${randomInt(40, 160)})`;

export function captchaSvg(text: string): string {
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#f3f6fa"/>`];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${randomInt(0, W)} ${randomInt(0, H)} Q${randomInt(0, W)} ${randomInt(0, H)} ${randomInt(0, W)} ${randomInt(0, H)}" stroke="${colour()}" stroke-width="${randomInt(1, 3)}" fill="none"/>`,
    );
  }
  const step = W / (text.length + 1);
  [...text].forEach((ch, i) => {
    const x = Math.round(step * (i + 1) + randomInt(-4, 5));
    const y = randomInt(26, 33);
    const rot = randomInt(-25, 26);
    parts.push(
      `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${randomInt(22, 28)}" font-weight="bold" fill="${colour()}" text-anchor="middle" transform="rotate(${rot} ${x} ${y})">${ch}</text>`,
    );
  });
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${randomInt(0, W)}" cy="${randomInt(0, H)}" r="1" fill="${colour()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
