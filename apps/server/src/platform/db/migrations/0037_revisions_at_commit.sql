-- The DNS revision is one row and a user's revision one row per user. Bumped by a trigger as each
-- row changed, its lock was held to the end of the writer's transaction, across the writer's
-- round trips: every DNS write of every replica waited on the slowest writer, and a writer
-- descheduled mid-transaction stalled them all (docs/scale.md, "A lock held across round trips").
-- Deferred constraint triggers bump at commit instead, so the lock lives only as long as the commit.
-- The DNS revision moves once per transaction, however many rows it changed.
CREATE OR REPLACE FUNCTION "bump_dns_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('meridian.dns_revision_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('meridian.dns_revision_bumped', 'on', true);
  UPDATE "dns_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  changed text;
  revision text;
BEGIN
  FOR changed, revision IN VALUES
    ('domains', 'dns'), ('dns_records', 'dns'), ('acme_challenges', 'dns'),
    ('apps', 'user'), ('versions', 'user'), ('deployments', 'user'), ('smart_clusters', 'user'),
    ('clusters', 'user'), ('domains', 'user'), ('organization_members', 'user')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', changed || '_bump_' || revision || '_revision', changed);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION %I()',
      changed || '_bump_' || revision || '_revision', changed, 'bump_' || revision || '_revision');
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "smart_clusters_bump_organization_revisions" ON "smart_clusters";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "smart_clusters_bump_organization_revisions" AFTER INSERT OR UPDATE OR DELETE ON "smart_clusters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_organization_revisions"();
--> statement-breakpoint
-- A deployment matters to DNS only with domain names, and then only its names, address and status:
-- the conditions of "bump_dns_revision_for_deployment" (migration 0006), now the triggers' own.
DROP TRIGGER "deployments_bump_dns_revision" ON "deployments";
--> statement-breakpoint
DROP FUNCTION "bump_dns_revision_for_deployment"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deployments_bump_dns_revision" AFTER UPDATE ON "deployments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((NEW."domain_names" <> '[]'::jsonb OR OLD."domain_names" <> '[]'::jsonb)
    AND (NEW."domain_names" IS DISTINCT FROM OLD."domain_names"
      OR NEW."endpoint" IS DISTINCT FROM OLD."endpoint"
      OR NEW."status" IS DISTINCT FROM OLD."status"))
  EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deployments_bump_dns_revision_on_delete" AFTER DELETE ON "deployments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."domain_names" <> '[]'::jsonb)
  EXECUTE FUNCTION "bump_dns_revision"();
