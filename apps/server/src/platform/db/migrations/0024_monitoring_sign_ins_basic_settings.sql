-- Sign-in links to monitoring pages (each used once), and the Basic settings a version was made from.
CREATE TABLE "monitoring_sign_ins" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "basic_settings" jsonb;--> statement-breakpoint
ALTER TABLE "monitoring_sign_ins" ADD CONSTRAINT "monitoring_sign_ins_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;