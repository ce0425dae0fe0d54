-- A role grants only in its own tenant (server/modules/resources/service.ts). The demo customer
-- role was seeded in tenant 0 while its users (the demo customer, self-registered users) work in
-- tenant 1; it moves to the tenant of the groups its holders are in.
UPDATE roles SET tenant_id = '1'
 WHERE id = 'r-customer' AND tenant_id = '0'
   AND EXISTS (SELECT 1 FROM tenants WHERE id = '1');
