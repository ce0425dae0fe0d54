// Image captcha drawn as SVG with no text in it: every character is a stroked <path> built from a
// small built-in stroke font (no font files or native libraries needed), each point jittered and
// each character scaled, rotated and sheared at random, over noise strokes of the same kind, all in
// random document order. A script cannot read the answer out of <text> elements or the markup; it
// would have to recognise distorted shapes, which is what the captcha asks of a person.
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

type Stroke = [number, number][];
/**
 * Strokes of each character on a 10 × 14 grid (x right, y down): "x,y x,y …" polylines, "|" between
 * strokes.
 */
const GLYPH_STROKES: Record<string, string> = {
  A: '0,14 5,0 10,14|2,9 8,9',
  B: '0,0 0,14 7,14 10,12 10,9 7,7 0,7|0,0 6,0 9,2 9,5 6,7',
  C: '10,2 7,0 3,0 0,3 0,11 3,14 7,14 10,12',
  D: '0,0 0,14 6,14 10,10 10,4 6,0 0,0',
  E: '10,0 0,0 0,14 10,14|0,7 7,7',
  F: '10,0 0,0 0,14|0,7 7,7',
  G: '10,2 7,0 3,0 0,3 0,11 3,14 7,14 10,11 10,8 6,8',
  H: '0,0 0,14|10,0 10,14|0,7 10,7',
  J: '10,0 10,11 7,14 3,14 0,11',
  K: '0,0 0,14|10,0 0,9|3,6 10,14',
  M: '0,14 0,0 5,8 10,0 10,14',
  N: '0,14 0,0 10,14 10,0',
  P: '0,14 0,0 7,0 10,2 10,5 7,7 0,7',
  Q: '3,0 7,0 10,3 10,11 7,14 3,14 0,11 0,3 3,0|6,10 10,14',
  R: '0,14 0,0 7,0 10,2 10,5 7,7 0,7|5,7 10,14',
  S: '10,2 7,0 3,0 0,2 0,5 3,7 7,7 10,9 10,12 7,14 3,14 0,12',
  T: '0,0 10,0|5,0 5,14',
  U: '0,0 0,11 3,14 7,14 10,11 10,0',
  V: '0,0 5,14 10,0',
  W: '0,0 2,14 5,5 8,14 10,0',
  X: '0,0 10,14|10,0 0,14',
  Y: '0,0 5,7 10,0|5,7 5,14',
  Z: '0,0 10,0 0,14 10,14',
  '2': '0,3 3,0 7,0 10,3 10,6 0,14 10,14',
  '3': '0,2 3,0 7,0 10,2 10,5 7,7 4,7|7,7 10,9 10,12 7,14 3,14 0,12',
  '4': '7,14 7,0 0,10 10,10',
  '5': '10,0 1,0 0,6 6,5 10,8 10,11 7,14 3,14 0,12',
  '6': '9,1 6,0 3,0 0,4 0,11 3,14 7,14 10,11 10,9 7,6 3,6 0,9',
  '7': '0,0 10,0 4,14',
  '8': '5,7 2,5 1,3 3,0 7,0 9,3 8,5 5,7 1,9 0,11 3,14 7,14 10,11 9,9 5,7',
  '9': '10,5 7,8 3,8 0,5 0,3 3,0 7,0 10,3 10,10 7,14 3,14 1,13',
};
const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([ch, d]) => [ch, d.split('|').map((s) => s.split(' ').map((p) => p.split(',').map(Number) as [number, number]))]),
);

const colour = () => `rgb(${randomInt(40, 160)},${randomInt(40, 160)},${randomInt(40, 160)})`;
/** A uniform random number in [min, max) with 1/1000 resolution. */
const rand = (min: number, max: number) => min + (randomInt(0, 1000) / 1000) * (max - min);
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** The path of one character centred at (cx, cy): strokes scaled, sheared, rotated, every point jittered. */
function glyphPath(ch: string, cx: number, cy: number): string {
  const strokes = GLYPHS[ch];
  if (!strokes) throw new Error(`captcha: no glyph for ${ch}`);
  const sx = rand(1.3, 1.7);
  const sy = rand(1.5, 1.8);
  const shear = rand(-0.3, 0.3);
  const a = (rand(-22, 22) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return strokes
    .map((stroke) =>
      stroke
        .map(([gx, gy], i) => {
          const x0 = (gx - 5 + rand(-0.5, 0.5)) * sx + (gy - 7) * shear;
          const y0 = (gy - 7 + rand(-0.5, 0.5)) * sy;
          return `${i ? 'L' : 'M'}${fmt(cx + x0 * cos - y0 * sin)} ${fmt(cy + x0 * sin + y0 * cos)}`;
        })
        .join(''),
    )
    .join('');
}

function shuffled<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function captchaSvg(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${randomInt(0, W)} ${randomInt(0, H)} Q${randomInt(0, W)} ${randomInt(0, H)} ${randomInt(0, W)} ${randomInt(0, H)}" stroke="${colour()}" stroke-width="${randomInt(1, 3)}" fill="none"/>`,
    );
  }
  const step = W / (text.length + 1);
  [...text].forEach((ch, i) => {
    const d = glyphPath(ch, step * (i + 1) + rand(-3, 3), H / 2 + rand(-2, 2));
    parts.push(`<path d="${d}" stroke="${colour()}" stroke-width="${fmt(rand(2.2, 3.2))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
  });
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${randomInt(0, W)}" cy="${randomInt(0, H)}" r="1" fill="${colour()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#f3f6fa"/>${shuffled(parts).join('')}</svg>`;
}

export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** Every character the captcha can show has a glyph (checked by the unit test). */
export const CAPTCHA_ALPHABET = ALPHABET;
export const hasGlyph = (ch: string) => Object.prototype.hasOwnProperty.call(GLYPHS, ch);
