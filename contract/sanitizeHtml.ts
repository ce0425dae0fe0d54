// An allow-list HTML sanitiser for announcement bodies (issue 3 §3). The server runs it on save and
// the admin page on its live preview, so both see the same result. It re-serialises instead of
// patching: only listed tags and attributes survive, every attribute value is re-escaped, URLs must
// use a safe scheme, the content of script-like elements is dropped, and text is escaped. Anything
// it does not understand becomes text, never markup.

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'small',
  'mark',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'font',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements whose content is dropped along with them. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'frameset',
  'frame',
  'head',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);

const GLOBAL_ATTRS = new Set(['style', 'title', 'class', 'align']);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'width']),
  th: new Set(['colspan', 'rowspan', 'width']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width']),
  font: new Set(['color', 'size']),
  ol: new Set(['start']),
};
const URL_ATTRS = new Set(['href', 'src']);
const STYLE_PROPS = new Set([
  'color',
  'background-color',
  'text-align',
  'font-size',
  'font-weight',
  'font-style',
  'text-decoration',
  'line-height',
  'margin',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding',
  'padding-left',
  'text-indent',
  'width',
  'height',
  'border',
  'border-collapse',
  'vertical-align',
]);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references (enough to see through `&#106;avascript:` and friends). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** http(s), mailto, tel, in-page anchors and relative paths; nothing else (no javascript:, data:, vbscript:). */
export function safeUrl(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme, so compare without them.
  const url = [...decodeEntities(raw)]
    .filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return c > 0x20 && (c < 0x7f || c > 0x9f);
    })
    .join('');
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return ['http', 'https', 'mailto', 'tel'].includes(scheme[1].toLowerCase()) ? decodeEntities(raw).trim() : null;
  if (url.startsWith('//')) return null; // protocol-relative: another host
  return decodeEntities(raw).trim();
}

function safeStyle(raw: string): string {
  const out: string[] = [];
  for (const decl of decodeEntities(raw).split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!STYLE_PROPS.has(prop) || !value) continue;
    if (!/^[#\w\s.,%()-]+$/.test(value) || /url\s*\(|expression|javascript|@import/i.test(value)) continue;
    out.push(`${prop}: ${value}`);
  }
  return out.join('; ');
}

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function sanitizeAttrs(tag: string, source: string): string {
  const allowed = TAG_ATTRS[tag];
  const seen = new Set<string>();
  let out = '';
  for (const m of source.matchAll(ATTR_RE)) {
    const name = m[1].toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRS.has(name) || allowed?.has(name))) continue;
    seen.add(name);
    let value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (URL_ATTRS.has(name)) {
      const url = safeUrl(m[2] ?? m[3] ?? m[4] ?? '');
      if (url === null) continue;
      value = url;
    } else if (name === 'style') {
      value = safeStyle(value);
      if (!value) continue;
    } else if (name === 'target') {
      if (value !== '_blank' && value !== '_self') continue;
    }
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  // A link opened in a new window must not get a handle on this one.
  if (tag === 'a' && seen.has('target')) out = out.replace(/ rel="[^"]*"/, '') + ' rel="noopener noreferrer"';
  return out;
}

const TOKEN_RE = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** The safe subset of `html`: allowed tags and attributes only, balanced, text escaped. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  const text = (s: string) => {
    if (!dropping && s) out += escapeHtml(decodeEntities(s));
  };
  for (const m of html.matchAll(TOKEN_RE)) {
    text(html.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1]?.toLowerCase();
    if (!name) continue; // comment, doctype, processing instruction
    const closing = m[0][1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(m[2])) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${name}${sanitizeAttrs(name, m[2])}>`;
    if (!VOID_TAGS.has(name)) open.push(name);
  }
  text(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Plain text of sanitised HTML (abstracts, system notifications). */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>|<\/(p|div|li|h\d|tr)>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
