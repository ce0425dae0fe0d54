import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { pairEntries, type GalleryMeta } from '@/features/test/gallery/registry';

const page = () => Promise.resolve({ default: (() => null) as ComponentType });
const meta = (key: string, order: number): GalleryMeta => ({ key, title: key, caption: key, order });

describe('gallery registry', () => {
  it('pairs each meta with the page of the same name, ordered, and leaves out a meta without a page', () => {
    const entries = pairEntries(
      { './B.meta.ts': meta('b', 2), './A.meta.ts': meta('a', 1), './C.meta.ts': meta('c', 1), './Lonely.meta.ts': meta('lonely', 0) },
      { './A.gallery.tsx': page, './B.gallery.tsx': page, './C.gallery.tsx': page },
    );
    expect(entries.map((e) => e.key)).toEqual(['a', 'c', 'b']);
  });
});
