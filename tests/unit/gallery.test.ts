import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { blockPage, pairEntries, type GalleryMeta } from '@/features/test/gallery/registry';

const Page = (() => null) as ComponentType;
const page = () => Promise.resolve({ default: Page });
const meta = (key: string, order: number, block?: string): GalleryMeta => ({ key, title: key, caption: key, order, block });

describe('gallery registry', () => {
  it('pairs each meta with the page of the same name, ordered, and leaves out a meta without a page', () => {
    const entries = pairEntries(
      {
        './B.meta.ts': { meta: meta('b', 2) },
        './A.meta.ts': { meta: meta('a', 1) },
        './C.meta.ts': { meta: meta('c', 1) },
        './Lonely.meta.ts': { meta: meta('lonely', 0) },
      },
      { './A.gallery.tsx': page, './B.gallery.tsx': page, './C.gallery.tsx': page },
    );
    expect(entries.map((e) => e.key)).toEqual(['a', 'c', 'b']);
  });

  it('gives each block of a `metas` file its own page, the named export of the page module', async () => {
    const Time = (() => null) as ComponentType;
    const Tags = (() => null) as ComponentType;
    const entries = pairEntries(
      { './P.meta.ts': { metas: [meta('picker-tags', 2, 'Tags'), meta('picker-time', 1, 'Time')] } },
      { './P.gallery.tsx': () => Promise.resolve({ Time, Tags }) },
    );
    expect(entries.map((e) => e.key)).toEqual(['picker-time', 'picker-tags']);
    // A block's page is its own export of the page module.
    const load = () => Promise.resolve({ Time, Tags, default: Page });
    expect((await blockPage(load, 'Time')()).default).toBe(Time);
    expect((await blockPage(load, 'Tags')()).default).toBe(Tags);
    expect((await blockPage(load)()).default).toBe(Page);
    await expect(blockPage(load, 'Nope')()).rejects.toThrow('no page export Nope');
  });
});
