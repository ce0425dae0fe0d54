// The living gallery of the building blocks (spec §1) at /test/home/<key>. Each block adds two
// files here: `<Name>.meta.ts` (its key, title, caption and order, read eagerly so the catalogue
// lists it) and `<Name>.gallery.tsx` (its page, loaded only when opened). No shared index to edit.
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
}

export interface GalleryEntry extends GalleryMeta {
  page: LazyExoticComponent<ComponentType>;
}

const metas = import.meta.glob<GalleryMeta>('./*.meta.ts', { eager: true, import: 'meta' });
const pages = import.meta.glob<{ default: ComponentType }>('./*.gallery.tsx');

/** Pairs each meta with its page by file name; a meta without a page is left out. */
export function pairEntries(metaFiles: Record<string, GalleryMeta>, pageFiles: Record<string, () => Promise<{ default: ComponentType }>>): GalleryEntry[] {
  return Object.entries(metaFiles)
    .flatMap(([file, meta]) => {
      const load = pageFiles[file.replace(/\.meta\.ts$/, '.gallery.tsx')];
      return load ? [{ ...meta, page: lazy(load) }] : [];
    })
    .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

export const GALLERY: GalleryEntry[] = pairEntries(metas, pages);

/** The entry whose page /test/home/<key> shows, if any. */
export function galleryEntry(key: string): GalleryEntry | undefined {
  return GALLERY.find((e) => e.key === key);
}
