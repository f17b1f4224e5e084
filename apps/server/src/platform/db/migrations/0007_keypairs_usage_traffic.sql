CREATE TABLE "traffic_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"day" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"project_region" text NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"flavor" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_keypairs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"key_name" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_days" ADD CONSTRAINT "traffic_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_periods" ADD CONSTRAINT "usage_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_keypairs" ADD CONSTRAINT "user_keypairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_days_deployment_day_idx" ON "traffic_days" USING btree ("deployment_id","day");--> statement-breakpoint
CREATE INDEX "traffic_days_user_day_idx" ON "traffic_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "usage_periods_user_idx" ON "usage_periods" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "usage_periods_resource_idx" ON "usage_periods" USING btree ("resource_id");