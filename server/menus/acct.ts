// Menus and buttons of the acct pages (issue 4); the calls and their permission codes live in the
// pay and ledger modules. See server/db/catalogue.ts.
import type { CatalogueEntry } from '../db/catalogue';

export const ACCT_MENU: CatalogueEntry[] = [];
