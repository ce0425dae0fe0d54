// Menus and buttons of the jobs module (see server/db/catalogue.ts).
import type { CatalogueEntry } from '../../db/catalogue';

export const JOBS_MENU: CatalogueEntry[] = [];
