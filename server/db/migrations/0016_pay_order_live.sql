-- Issue 14 §2: every open list, detail and badge that shows an order hears of each change of its
-- status within 2 s, across server processes. The database announces it itself, whichever process,
-- module or tool made the change: this trigger sends one notice on the channel 'boss_live' per row
-- whose status (or version: an edit) changed, delivered on commit only (NOTIFY is transactional),
-- so a rolled-back decision announces nothing. Each process forwards the notice to its own sockets
-- of the order's tenant whose user may see the order (server/realtime/liveFeed.ts); the audience
-- fields (maker, customers) stay on the server.

CREATE FUNCTION boss_pay_order_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.version IS NOT DISTINCT FROM NEW.version THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('boss_live', json_build_object(
    'kind', 'payOrder',
    'id', NEW.id,
    'tenant', NEW.tenant_id,
    'status', NEW.status,
    'version', NEW.version,
    'orderKind', NEW.kind,
    'maker', NEW.maker_id,
    'cus', json_build_array(NEW.from_cus_code, NEW.to_cus_code)
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER pay_orders_live AFTER INSERT OR UPDATE OF status, version ON pay_orders
  FOR EACH ROW EXECUTE FUNCTION boss_pay_order_live();
