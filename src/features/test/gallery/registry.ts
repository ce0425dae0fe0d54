// The living gallery of the building blocks (spec §1) at /test/home/<key>, one page per block. Each
// file pair here: `<Name>.meta.ts` (read eagerly so the catalogue lists it) exports `meta` (one
// block: `<Name>.gallery.tsx`'s default export is its page) or `metas` (several related blocks,
// each naming the export of `<Name>.gallery.tsx` that is its page); the page module loads only when
// one of its pages opens. No shared index to edit.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface GalleryMeta {
  /** The address part after /test/home/, in kebab case. */
  key: string;
  /** Chinese title of the block. */
  title: string;
  /** One Chinese sentence of what it is for. */
  caption: string;
  /** Place in the catalogue, lowest first. */
  order: number;
  /** In a `metas` list: the export of the page module that is this block's page (default: the default export). */
  block?: string;
}

export interface GalleryEntry extends GalleryMeta {
  page: LazyExoticComponent<ComponentType>;
}

type PageModule = Record<string, ComponentType | undefined>;
type MetaModule = { meta?: GalleryMeta; metas?: GalleryMeta[] };

const metas = import.meta.glob<MetaModule>('./*.meta.ts', { eager: true });
const pages = import.meta.glob<PageModule>('./*.gallery.tsx');

/** The loader of one block's page: the named export (or the default) of the page module. */
export function blockPage(load: () => Promise<PageModule>, block = 'default'): () => Promise<{ default: ComponentType }> {
  return async () => {
    const page = (await load())[block];
    if (!page) throw new Error(`gallery: no page export ${block}`);
    return { default: page };
  };
}

/** Pairs each meta with its page by file name (and export); a meta without a page file is left out. */
export function pairEntries(metaFiles: Record<string, MetaModule>, pageFiles: Record<string, () => Promise<PageModule>>): GalleryEntry[] {
  return Object.entries(metaFiles)
    .flatMap(([file, mod]) => {
      const load = pageFiles[file.replace(/\.meta\.ts$/, '.gallery.tsx')];
      if (!load) return [];
      const list = [...(mod.meta ? [mod.meta] : []), ...(mod.metas ?? [])];
      return list.map((meta) => ({
        ...meta,
        page: lazy(blockPage(load, meta.block)),
      }));
    })
    .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

export const GALLERY: GalleryEntry[] = pairEntries(metas, pages);

/** The entry whose page /test/home/<key> shows, if any. */
export function galleryEntry(key: string): GalleryEntry | undefined {
  return GALLERY.find((e) => e.key === key);
}
