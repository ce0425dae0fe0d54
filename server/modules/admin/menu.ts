// Menus and buttons of the admin module (see server/db/catalogue.ts).
import type { CatalogueEntry } from '../../db/catalogue';

export const ADMIN_MENU: CatalogueEntry[] = [];
