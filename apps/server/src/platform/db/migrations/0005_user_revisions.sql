CREATE TABLE "user_revisions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "versions_user_idx" ON "versions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Bumps the owner's revision on every insert, update or delete of a row the app list shows.
CREATE FUNCTION "bump_user_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_revisions" ("user_id", "revision")
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END, 1)
  ON CONFLICT ("user_id") DO UPDATE SET "revision" = "user_revisions"."revision" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "apps_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "apps" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "versions_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "versions" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "deployments_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "deployments" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "smart_clusters_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "smart_clusters" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
--> statement-breakpoint
CREATE TRIGGER "clusters_bump_user_revision" AFTER INSERT OR UPDATE OR DELETE ON "clusters" FOR EACH ROW EXECUTE FUNCTION "bump_user_revision"();
