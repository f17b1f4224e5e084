-- DNS changes travel on the one change feed (docs/architecture.md, "How a change travels"):
-- whenever the DNS revision moves, its transaction announces it, once, when it commits.
CREATE FUNCTION "announce_dns_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('meridian_changes', '{"topic":"dns"}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "dns_revision_announce_change" AFTER UPDATE ON "dns_revision" FOR EACH STATEMENT EXECUTE FUNCTION "announce_dns_change"();
