-- Issue 17 §3, live innet states: every open screen that shows an innet application (the 入网管理
-- board, 客户详情's providers tab, 客户管理's provider tags, the customer-side 商户入驻 progress)
-- hears of each committed change of its status within 2 s, across server processes, the way payment
-- orders do (0016): one notice on 'boss_live' per row whose status or version changed, whichever
-- process, callback or operator made it; sent on commit only. Each process forwards it to its own
-- sockets of the tenant whose user may see the customer (server/modules/cus/liveAudience.ts); the
-- customer code stays on the server.

CREATE FUNCTION boss_cus_innet_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.version IS NOT DISTINCT FROM NEW.version THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('boss_live', json_build_object(
    'kind', 'cusInnet',
    'id', NEW.id,
    'tenant', NEW.tenant_id,
    'status', NEW.status,
    'version', NEW.version,
    'cus', NEW.cus_code
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER cus_innets_live AFTER INSERT OR UPDATE OF status, version ON cus_innets
  FOR EACH ROW EXECUTE FUNCTION boss_cus_innet_live();
