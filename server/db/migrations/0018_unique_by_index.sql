-- Uniqueness is decided by the database, not by a read before the write (two concurrent creates
-- both pass such a read): unique indexes for the names that were checked that way. Their
-- violations answer 409 '{fieldName}已存在' (server/http/pgErrors.ts names the field by index).
-- Duplicates that races already made are renamed (suffixed with their id) before the index goes on.

UPDATE tenants t SET name = t.name || '（' || t.id || '）'
 WHERE EXISTS (SELECT 1 FROM tenants o WHERE o.name = t.name AND o.id < t.id);
CREATE UNIQUE INDEX tenants_name_uq ON tenants (name);

UPDATE tenants t SET domain = NULL
 WHERE t.domain IS NOT NULL AND t.domain <> ''
   AND EXISTS (SELECT 1 FROM tenants o WHERE lower(o.domain) = lower(t.domain) AND o.id < t.id);
CREATE UNIQUE INDEX tenants_domain_uq ON tenants (lower(domain)) WHERE domain IS NOT NULL AND domain <> '';

UPDATE business_entities e SET entity_name = e.entity_name || '（' || e.id || '）'
 WHERE EXISTS (SELECT 1 FROM business_entities o WHERE o.tenant_id = e.tenant_id AND o.entity_name = e.entity_name AND o.id < e.id);
CREATE UNIQUE INDEX business_entities_name_uq ON business_entities (tenant_id, entity_name);

UPDATE permissions p SET perms = p.perms || '#' || p.id
 WHERE p.perms IS NOT NULL AND p.perms <> ''
   AND EXISTS (SELECT 1 FROM permissions o WHERE o.perms = p.perms AND o.id < p.id);
CREATE UNIQUE INDEX permissions_perms_uq ON permissions (perms) WHERE perms IS NOT NULL AND perms <> '';

-- Tenant ids travel in the tenant-id header and stay small numbers. They were MAX(id) + 1, which
-- concurrent creates all computed alike; a sequence hands each its own, skipping ids already used
-- (the seed and imports write explicit ids).
CREATE SEQUENCE tenant_id_seq;
SELECT setval('tenant_id_seq', m) FROM (SELECT MAX(id::bigint) AS m FROM tenants WHERE id ~ '^[0-9]{1,9}$') x WHERE m > 0;
CREATE FUNCTION next_tenant_id() RETURNS text LANGUAGE plpgsql AS $$
DECLARE v text;
BEGIN
  LOOP
    v := nextval('tenant_id_seq')::text;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM tenants WHERE id = v);
  END LOOP;
  RETURN v;
END $$;
