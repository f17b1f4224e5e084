CREATE TABLE "app_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"action" text NOT NULL,
	"version_id" uuid,
	"version_name" text,
	"from_version_id" uuid,
	"from_version_name" text,
	"smart_cluster_id" uuid,
	"smart_cluster_name" text,
	"actor_kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"rollout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_history_locations" (
	"history_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"location" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	CONSTRAINT "app_history_locations_history_id_deployment_id_pk" PRIMARY KEY("history_id","deployment_id")
);
--> statement-breakpoint
CREATE TABLE "deployment_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"window_seconds" double precision NOT NULL,
	"requests" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"latency_p95_ms" double precision,
	"cpu_millicores" double precision,
	"memory_bytes" bigint
);
--> statement-breakpoint
CREATE TABLE "rollout_steps" (
	"rollout_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"deployment_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"location" text NOT NULL,
	"from_version_id" uuid,
	"state" text NOT NULL,
	"requests_per_day" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"bake_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"baseline_error_rate" double precision,
	"observed_error_rate" double precision,
	"reason" text,
	CONSTRAINT "rollout_steps_rollout_id_position_pk" PRIMARY KEY("rollout_id","position")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"smart_cluster_id" uuid NOT NULL,
	"from_version_id" uuid NOT NULL,
	"to_version_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"bake_seconds" integer NOT NULL,
	"error_margin" double precision NOT NULL,
	"history_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_history" ADD CONSTRAINT "app_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_history" ADD CONSTRAINT "app_history_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_history_locations" ADD CONSTRAINT "app_history_locations_history_id_app_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."app_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_metrics" ADD CONSTRAINT "deployment_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_steps" ADD CONSTRAINT "rollout_steps_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_smart_cluster_id_smart_clusters_id_fk" FOREIGN KEY ("smart_cluster_id") REFERENCES "public"."smart_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_history_app_idx" ON "app_history" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "app_history_locations_deployment_idx" ON "app_history_locations" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "deployment_metrics_deployment_idx" ON "deployment_metrics" USING btree ("deployment_id","at");--> statement-breakpoint
CREATE INDEX "deployment_metrics_at_idx" ON "deployment_metrics" USING btree ("at");--> statement-breakpoint
CREATE INDEX "rollouts_app_idx" ON "rollouts" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rollouts_one_active_idx" ON "rollouts" USING btree ("app_id","smart_cluster_id") WHERE status in ('running', 'paused');