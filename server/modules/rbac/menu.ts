// Menus and buttons of the rbac module (see server/db/catalogue.ts).
import type { CatalogueEntry } from '../../db/catalogue';

export const RBAC_MENU: CatalogueEntry[] = [];
