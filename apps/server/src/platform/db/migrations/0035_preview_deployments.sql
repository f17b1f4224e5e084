DROP INDEX "deployments_one_per_member_idx";--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "preview_number" integer;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "preview" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_one_per_preview_idx" ON "deployments" USING btree ("app_id","preview_number") WHERE "deployments"."preview_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_one_per_member_idx" ON "deployments" USING btree ("app_id","cluster_id") WHERE "deployments"."preview_number" IS NULL;