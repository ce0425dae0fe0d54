// A small PDF writer for contracts: A4 pages of text lines in the Adobe CJK font STSong-Light
// (UniGB-UCS2-H encoding, not embedded: every conforming viewer, pdf.js and the browsers' own
// included, brings its GB1 glyphs), so no dependency and no font file ships with the server.
const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;
const LINE_H = 20;
const LINES_PER_PAGE = Math.floor((PAGE_H - 2 * MARGIN) / LINE_H);

export interface PdfLine {
  text: string;
  size?: number;
}

/** UCS-2 big-endian hex of the text (characters outside the BMP become '?'). */
function ucs2Hex(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out += (cp > 0xffff ? 0x3f : cp).toString(16).padStart(4, '0');
  }
  return out.toUpperCase();
}

/** Wraps a line at `max` full-width characters (half-width ones count half). */
function wrap(text: string, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  let width = 0;
  for (const ch of text) {
    const w = ch.charCodeAt(0) < 128 ? 0.5 : 1;
    if (width + w > max) {
      out.push(cur);
      cur = '';
      width = 0;
    }
    cur += ch;
    width += w;
  }
  out.push(cur);
  return out;
}

export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  const flat: PdfLine[] = lines.flatMap((l) => {
    const size = l.size ?? 11;
    return wrap(l.text, Math.floor((PAGE_W - 2 * MARGIN) / size)).map((text) => ({ text, size }));
  });
  const pages: PdfLine[][] = [];
  for (let i = 0; i < flat.length; i += LINES_PER_PAGE) pages.push(flat.slice(i, i + LINES_PER_PAGE));
  if (!pages.length) pages.push([]);

  const objects: string[] = [];
  /** Adds an object; its number (from 1) is the new length. */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const font = add('');
  const cidFont = add('');
  const descriptor = add('');
  objects[font - 1] = `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cidFont} 0 R] >>`;
  objects[cidFont - 1] =
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> ` +
    `/FontDescriptor ${descriptor} 0 R /DW 1000 /W [1 95 500] >>`;
  objects[descriptor - 1] =
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';
  const kids: number[] = [];
  for (const page of pages) {
    let y = PAGE_H - MARGIN;
    const ops = page.map((l) => {
      y -= LINE_H;
      return `BT /F1 ${l.size} Tf ${MARGIN} ${y} Td <${ucs2Hex(l.text)}> Tj ET`;
    });
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title <FEFF${ucs2Hex(title)}> /Producer (BOSS) >>`);
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;

  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
