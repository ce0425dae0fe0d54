-- Issue 17 §1: a customer's industry is a node of the category tree, kept by its id (the category
-- picker's value) rather than its code, so the form, the server and the detail speak of one thing.
-- Codes already stored become the id of the tenant's category with that code (unknown codes clear).
ALTER TABLE customers RENAME COLUMN industry_code TO industry_id;
UPDATE customers cu SET industry_id = (SELECT c.id FROM categories c WHERE c.tenant_id = cu.tenant_id AND c.code = cu.industry_id)
  WHERE cu.industry_id IS NOT NULL;
