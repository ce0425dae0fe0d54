-- The customer detail shows why, when and by whom a customer's status last changed: the newest
-- customer_status_log row of the customer, read through this index.
CREATE INDEX IF NOT EXISTS customer_status_log_latest ON customer_status_log (tenant_id, cus_code, id DESC);
