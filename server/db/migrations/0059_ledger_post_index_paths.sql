-- ledger_post() finds every row it reads by its key (accounts by number, entries by idempotency key,
-- customers and holds by id, the chain's heads by lane). Migrations 0010 and 0015 had it keep one
-- generic plan per statement per connection (plan_cache_mode = force_generic_plan), made the first
-- time the statement ran. On a young database (a new deployment, its first minute) the tables are
-- small and have no statistics, so those plans find a batch's accounts and entries by tenant alone
-- and filter the keys — reading every account and entry of the tenant, more with every posting,
-- until autovacuum first analyzes the tables and the plans are made again. Measured through HTTP
-- (bench:ledger, issue 15 §3): transfers fell from 573/s to 214/s over 25 s, then jumped to
-- ~2,000/s. Each call now plans its statements for its own keys and the tables as they are (a few
-- tenths of a millisecond per batch of postings): 1,900–2,300 transfers/s from the first second.
ALTER FUNCTION ledger_post(text, integer, integer, text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean[],
  text[], text[], bigint[], text[], integer[], text[], bigint[], boolean[], text[], bytea, bytea) SET plan_cache_mode = force_custom_plan;
