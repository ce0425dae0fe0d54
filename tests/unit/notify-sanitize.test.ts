// The announcement body sanitiser (contract/sanitizeHtml.ts), shared by the server and the preview.
import { describe, expect, it } from 'vitest';
import { htmlToText, safeUrl, sanitizeHtml } from '@contract/sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps the safe subset', () => {
    expect(sanitizeHtml('<p style="color: red; position: fixed">你好 <b>世界</b></p>')).toBe('<p style="color: red">你好 <b>世界</b></p>');
    expect(sanitizeHtml('<table border="1"><tr><td colspan="2">x</td></tr></table>')).toBe('<table border="1"><tr><td colspan="2">x</td></tr></table>');
  });
  it('drops scripts, handlers and dangerous URLs', () => {
    const cases = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<svg onload=alert(1)><circle/></svg>',
      '<iframe src="https://evil"></iframe>',
      '<p style="background: url(javascript:alert(1))">x</p>',
      '<<script>script>alert(1)<</script>/script>',
      '<div onmouseover="alert(1)">x</div>',
    ];
    for (const c of cases) expect(sanitizeHtml(c)).not.toMatch(/<script|onerror|onload|onmouseover|javascript|data:|<iframe|<svg|url\(/i);
  });
  it('escapes text and balances tags', () => {
    expect(sanitizeHtml('a < b & c')).toBe('a &lt; b &amp; c');
    expect(sanitizeHtml('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    expect(sanitizeHtml('</p>x<p>y')).toBe('x<p>y</p>');
    expect(sanitizeHtml('<img src="a.png" alt="&quot;x&quot;">')).toBe('<img src="a.png" alt="&quot;x&quot;">');
    expect(sanitizeHtml('<a href="/isps/userAnnouncement" target="_blank">x</a>')).toBe(
      '<a href="/isps/userAnnouncement" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
  it('judges URLs', () => {
    expect(safeUrl('https://a.cn/x')).toBe('https://a.cn/x');
    expect(safeUrl('/path?a=1')).toBe('/path?a=1');
    expect(safeUrl('//evil.com')).toBeNull();
    expect(safeUrl('vbscript:x')).toBeNull();
  });
  it('gives plain text', () => {
    expect(htmlToText('<p>一</p><p>二&amp;三</p>')).toBe('一\n二&三');
  });
});
