CREATE TABLE "traffic_origins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"smart_cluster_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_origins" ADD CONSTRAINT "traffic_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_origins" ADD CONSTRAINT "traffic_origins_smart_cluster_id_smart_clusters_id_fk" FOREIGN KEY ("smart_cluster_id") REFERENCES "public"."smart_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_origins_place_idx" ON "traffic_origins" USING btree ("smart_cluster_id","hour","datacenter_uuid","name","latitude","longitude");