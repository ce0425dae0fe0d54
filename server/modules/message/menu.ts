// Menus and buttons of the message module (see server/db/catalogue.ts).
import type { CatalogueEntry } from '../../db/catalogue';

export const MESSAGE_MENU: CatalogueEntry[] = [];
