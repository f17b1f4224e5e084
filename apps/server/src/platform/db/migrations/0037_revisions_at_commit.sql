-- The DNS revision is one row and a user's revision one row per user. Bumped by a trigger as each
-- row changed, its lock was held to the end of the writer's transaction, across the writer's
-- round trips: every DNS write of every replica waited on the slowest writer, and a writer
-- descheduled mid-transaction stalled them all (docs/scale.md, "A lock held across round trips").
-- Deferred constraint triggers bump at commit instead, so the lock lives only as long as the commit.
-- The DNS revision moves once per transaction, however many rows it changed.
CREATE FUNCTION "bump_dns_revision_once"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('meridian.dns_revision_bumped', true) = 'on' THEN
    RETURN;
  END IF;
  PERFORM set_config('meridian.dns_revision_bumped', 'on', true);
  UPDATE "dns_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_dns_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_dns_revision_once"();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_dns_revision_for_deployment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."domain_names" = '[]'::jsonb AND OLD."domain_names" = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."domain_names" IS NOT DISTINCT FROM OLD."domain_names"
     AND NEW."endpoint" IS NOT DISTINCT FROM OLD."endpoint"
     AND NEW."status" IS NOT DISTINCT FROM OLD."status" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' AND OLD."domain_names" = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  PERFORM "bump_dns_revision_once"();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "domains_bump_dns_revision" ON "domains";
--> statement-breakpoint
DROP TRIGGER "dns_records_bump_dns_revision" ON "dns_records";
--> statement-breakpoint
DROP TRIGGER "acme_challenges_bump_dns_revision" ON "acme_challenges";
--> statement-breakpoint
DROP TRIGGER "deployments_bump_dns_revision" ON "deployments";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "domains_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "domains" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dns_records_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "dns_records" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "acme_challenges_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "acme_challenges" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deployments_bump_dns_revision" AFTER UPDATE OR DELETE ON "deployments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_dns_revision_for_deployment"();
--> statement-breakpoint
DROP TRIGGER "apps_bump_user_revision" ON "apps";
--> statement-breakpoint
DROP TRIGGER "versions_bump_user_revision" ON "versions";
--> statement-breakpoint
DROP TRIGGER "deployments_bump_user_revision" ON "deployments";
--> statement-breakpoint
DROP TRIGGER "smart_clusters_bump_user_revision" ON "smart_clusters";
--> statement-breakpoint
DROP TRIGGER "clusters_bump_user_revision" ON "clusters";
--> statement-breakpoint
DROP TRIGGER "domains_bump_user_revision" ON "domains";
--> statement-breakpoint
DROP TRIGGER "organization_members_bump_user_revision" ON "organization_members";
--> statement-breakpoint
DROP TRIGGER "smart_clusters_bump_organization_revisions" ON "smart_clusters";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "apps_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "apps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "versions_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deployments_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "deployments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "smart_clusters_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "smart_clusters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "clusters_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "clusters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "domains_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "domains" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organization_members_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "organization_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "smart_clusters_bump_organization_revisions" AFTER INSERT OR UPDATE OR DELETE ON "smart_clusters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_organization_revisions"();
