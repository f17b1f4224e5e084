CREATE TABLE "smart_cluster_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"smart_cluster_id" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"decision" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_clusters" ADD COLUMN "candidates" jsonb;--> statement-breakpoint
ALTER TABLE "smart_clusters" ADD COLUMN "placement" jsonb;--> statement-breakpoint
ALTER TABLE "smart_clusters" ADD COLUMN "replacement" jsonb;--> statement-breakpoint
ALTER TABLE "smart_cluster_placements" ADD CONSTRAINT "smart_cluster_placements_smart_cluster_id_smart_clusters_id_fk" FOREIGN KEY ("smart_cluster_id") REFERENCES "public"."smart_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_cluster_placements_idx" ON "smart_cluster_placements" USING btree ("smart_cluster_id","decided_at");