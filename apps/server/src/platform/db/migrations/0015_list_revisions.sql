-- The user's revision also follows what the console's other lists show: their domains, their
-- memberships, and every change to a smart cluster shared with an organisation they are in.
CREATE TRIGGER "domains_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "domains" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_members_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "organization_members" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
-- Bumps every member of the organisation a changed smart cluster is (or was) shared with.
CREATE FUNCTION "bump_organization_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization uuid;
BEGIN
  FOREACH organization IN ARRAY ARRAY[
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."default_shared_for_org_uuid" END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."default_shared_for_org_uuid" END
  ]::uuid[] LOOP
    IF organization IS NOT NULL THEN
      INSERT INTO "user_revisions" ("user_id", "revision")
      SELECT "user_id", 1 FROM "organization_members" WHERE "organization_id" = organization
      ON CONFLICT ("user_id") DO UPDATE SET "revision" = "user_revisions"."revision" + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "smart_clusters_bump_organization_revisions" AFTER INSERT OR UPDATE OR DELETE ON "smart_clusters" FOR EACH ROW EXECUTE FUNCTION "bump_organization_revisions"();
