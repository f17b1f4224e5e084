CREATE TABLE "git_deliveries" (
	"source_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "git_deliveries_source_id_delivery_id_pk" PRIMARY KEY("source_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "git_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"repository" text NOT NULL,
	"branch" text NOT NULL,
	"image" text NOT NULL,
	"smart_cluster_ids" jsonb NOT NULL,
	"previews" jsonb,
	"bake_seconds" integer,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_deliveries" ADD CONSTRAINT "git_deliveries_source_id_git_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."git_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sources" ADD CONSTRAINT "git_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sources" ADD CONSTRAINT "git_sources_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_sources_app_idx" ON "git_sources" USING btree ("app_id");