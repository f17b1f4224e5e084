CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"smart_cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cluster_type" text NOT NULL,
	"datacenter_uuid" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"cluster_size" text,
	"master_count" integer DEFAULT 1 NOT NULL,
	"minion_count" integer DEFAULT 1 NOT NULL,
	"master_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"node_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kube_version" text,
	"monitoring_path" text,
	"kubeconfig_sealed" text,
	"operation_deadline" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datacenters" (
	"uuid" text PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"flavor_prices" jsonb NOT NULL,
	"driver" text DEFAULT 'simulator' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"latency" double precision,
	"budget" double precision,
	"cluster_size" text,
	"master_count" integer DEFAULT 1 NOT NULL,
	"minion_count" integer DEFAULT 1 NOT NULL,
	"datacenters" jsonb NOT NULL,
	"description" text,
	"order_key" integer GENERATED ALWAYS AS IDENTITY (sequence name "smart_clusters_order_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monitoring_password_sealed" text,
	"default_shared_for_org_uuid" uuid,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_smart_cluster_id_smart_clusters_id_fk" FOREIGN KEY ("smart_cluster_id") REFERENCES "public"."smart_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_datacenter_uuid_datacenters_uuid_fk" FOREIGN KEY ("datacenter_uuid") REFERENCES "public"."datacenters"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clusters" ADD CONSTRAINT "smart_clusters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clusters_smart_cluster_idx" ON "clusters" USING btree ("smart_cluster_id");--> statement-breakpoint
CREATE INDEX "clusters_user_idx" ON "clusters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smart_clusters_user_idx" ON "smart_clusters" USING btree ("user_id","order_key");