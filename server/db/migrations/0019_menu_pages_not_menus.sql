-- Issue 14 §4: pages that looked unfinished. Existing installations get the seed's new shape; rows an
-- administrator has changed since (a different url or component) are left as they are.

-- Result and exception pages are places the app navigates to with a real outcome, not menu items
-- or home shortcuts: they stay routes, hidden from the menu.
UPDATE permissions SET hidden = true
 WHERE id IN ('m-result', 'm-result-success', 'm-result-fail', 'm-exception', 'm-exception-403', 'm-exception-404', 'm-exception-500');

-- The API documentation is for administrators only: its menu carries the code the /docs gate asks
-- for, the iframe hands the gate the access token, and the seeded non-admin grants go.
UPDATE permissions SET perms = 'system:api:docs', url = '{{origin}}/docs?token={{token}}'
 WHERE id = 'm-api-docs' AND url = '{{origin}}/docs';
DELETE FROM role_permissions WHERE permission_id = 'm-api-docs' AND role_id IN ('r-operator', 'r-approver', 'r-customer');

-- 帮助中心 is the built-in Chinese help page instead of an external link to the Swagger UI; the
-- header's help icon follows helpUrl, which pointed at /docs too.
UPDATE permissions SET component = 'help/HelpCenter', component_name = 'HelpCenter', url = NULL, internal_or_external = false
 WHERE id = 'm-help' AND url = '{{origin}}/docs';
UPDATE sys_info SET help_url = '/helpCenter' WHERE help_url = '/docs';
