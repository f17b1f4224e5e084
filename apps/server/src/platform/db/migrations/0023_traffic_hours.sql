-- Traffic per deployment and UTC hour replaces the per-day rows (issue 34: one source for every
-- figure); the last day's rows carry over as their last hour, the unread notifications get an index.
CREATE TABLE "traffic_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"sampled_seconds" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The last day's counts carry over, each as the hour it was last sampled in (its rate: since midnight).
INSERT INTO "traffic_hours" ("user_id", "deployment_id", "datacenter_uuid", "hour", "requests", "users", "sampled_seconds", "updated_at")
SELECT "user_id", "deployment_id", "datacenter_uuid",
	date_trunc('hour', "updated_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
	"requests", "users",
	greatest(0, extract(epoch from "updated_at" - ("day" || 'T00:00:00Z')::timestamptz)),
	"updated_at"
FROM "traffic_days" WHERE "updated_at" > now() - interval '24 hours';--> statement-breakpoint
ALTER TABLE "traffic_days" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "traffic_days" CASCADE;--> statement-breakpoint
ALTER TABLE "traffic_hours" ADD CONSTRAINT "traffic_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_hours_deployment_hour_idx" ON "traffic_hours" USING btree ("deployment_id","hour");--> statement-breakpoint
CREATE INDEX "traffic_hours_user_hour_idx" ON "traffic_hours" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "events_user_unread_idx" ON "events" USING btree ("user_id") WHERE "events"."read" = false and "events"."is_notification" = true;