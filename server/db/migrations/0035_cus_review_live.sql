-- Issue 17 §3, live review states: a customer's review status (draft → submitted → returned |
-- approved) reaches every open screen that shows it within 2 s, as its innet applications do (0031):
-- the checker's 进件审核 queue, 客户管理, 客户详情 and the customer-side 商户入驻, which turns from its
-- progress back into the form when the checker returns the application. Same 'cusInnet' notice and
-- audience (server/modules/cus/liveAudience.ts: the customer's tenant, narrowed to a customer-side
-- user's own customer); sent on commit only, whichever process made the change. The id is 'cus:'
-- and the customer code: the row's bigint id would be a JSON number, which a live notice's id is not.

CREATE FUNCTION boss_cus_review_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.review_status IS NOT DISTINCT FROM NEW.review_status AND OLD.version IS NOT DISTINCT FROM NEW.version THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('boss_live', json_build_object(
    'kind', 'cusInnet',
    'id', 'cus:' || NEW.cus_code,
    'tenant', NEW.tenant_id,
    'status', NEW.review_status,
    'version', NEW.version,
    'cus', NEW.cus_code
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER customers_review_live AFTER UPDATE OF review_status, version ON customers
  FOR EACH ROW EXECUTE FUNCTION boss_cus_review_live();
