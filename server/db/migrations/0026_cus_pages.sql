-- Issue 17 §3: the 客户进件 pages have landed, so the directory that waited hidden for them is shown
-- and opens on its customer list. Its pages are inserted and granted by the catalogue sync at start-up
-- (server/modules/cus/menu.ts); a directory an administrator has changed since is left as it is.
UPDATE permissions SET hidden = false, redirect = '/cus/customer'
 WHERE id = 'm-cus' AND hidden = true AND redirect IS NULL;
