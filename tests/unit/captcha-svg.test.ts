// Issue 13 §4: the image captcha holds no text. The old one put each character in its own <text>,
// so a script sorting them by x read every answer; now each character is a distorted stroked path.
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaSvg, hasGlyph, randomCaptchaText } from '../../server/lib/captcha-svg';

/** The attack of the audit: the characters of <text> elements, ordered by their x. */
const readTextByX = (svg: string) =>
  [...svg.matchAll(/<text[^>]*\bx="([\d.]+)"[^>]*>([^<]*)<\/text>/g)]
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => m[2])
    .join('');

describe('captcha SVG', () => {
  it('draws every character of the alphabet', () => {
    for (const ch of CAPTCHA_ALPHABET) expect(hasGlyph(ch), ch).toBe(true);
  });

  it('holds no text element, no font and no character of the answer outside path data', () => {
    for (let i = 0; i < 200; i++) {
      const answer = randomCaptchaText(5);
      const svg = captchaSvg(answer);
      expect(svg).not.toMatch(/<text|<tspan|font-family|<use|<image/);
      expect(readTextByX(svg)).toBe('');
      // Outside the tags there is nothing; inside, no attribute value spells a character of the answer.
      expect(svg.replace(/<[^>]*>/g, '')).toBe('');
      const values = [...svg.matchAll(/="([^"]*)"/g)].map((m) => m[1]).filter((v) => !/^[MLQ\d.\s-]+$/.test(v) && !/^rgb\(/.test(v));
      expect(
        values.every((v) => !/^[A-Z2-9]$/.test(v)),
        values.join(' '),
      ).toBe(true);
      // One stroked path per character, among the noise.
      expect(svg.match(/stroke-linecap="round"/g)?.length).toBe(answer.length);
    }
  });

  it('never draws the same character the same way twice', () => {
    const glyph = (svg: string) => /<path d="([^"]+)"[^>]*stroke-linecap/.exec(svg)![1];
    expect(glyph(captchaSvg('A'))).not.toBe(glyph(captchaSvg('A')));
  });
});
