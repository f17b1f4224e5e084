ALTER TABLE "organizations" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "smart_clusters" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
-- data: each organisation gets its account (docs/organizations.md); it never signs in ('!' is no argon2 hash).
INSERT INTO "users" ("id", "username", "email", "password_hash", "kind")
  SELECT "id", 'organization:' || "id", '', '!', 'organization' FROM "organizations";--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data: the four roles (issue 37). The oldest admin, the creator, becomes the owner; members become developers.
UPDATE "organization_members" SET "role" = 'developer' WHERE "role" = 'member';--> statement-breakpoint
UPDATE "organization_invitations" SET "role" = 'developer' WHERE "role" = 'member';--> statement-breakpoint
UPDATE "organization_members" AS m SET "role" = 'owner'
  WHERE m."role" = 'admin' AND m."created_at" = (
    SELECT min(o."created_at") FROM "organization_members" AS o
    WHERE o."organization_id" = m."organization_id" AND o."role" = 'admin');--> statement-breakpoint
-- data: a shared smart cluster with nothing deployed on it becomes the organisation's own.
UPDATE "smart_clusters" AS s SET "user_id" = s."default_shared_for_org_uuid", "organization_id" = s."default_shared_for_org_uuid"
  WHERE s."default_shared_for_org_uuid" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "deployments" AS d WHERE d."smart_cluster_id" = s."id");--> statement-breakpoint
UPDATE "clusters" AS c SET "user_id" = s."user_id" FROM "smart_clusters" AS s
  WHERE c."smart_cluster_id" = s."id" AND s."organization_id" IS NOT NULL;
