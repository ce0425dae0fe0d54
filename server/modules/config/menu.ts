// Menus and buttons of the config module (see server/db/catalogue.ts).
import type { CatalogueEntry } from '../../db/catalogue';

export const CONFIG_MENU: CatalogueEntry[] = [];
