CREATE TABLE "simulated_kube_credentials" (
	"cluster_id" text PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Simulated clusters made before credentials were recorded keep their token (serial '') until rotated.
INSERT INTO "simulated_kube_credentials" ("cluster_id", "serial")
SELECT "clusters"."id"::text, ''
FROM "clusters" INNER JOIN "datacenters" ON "datacenters"."uuid" = "clusters"."datacenter_uuid"
WHERE "datacenters"."driver" = 'simulator' AND "clusters"."deleted" = false;
--> statement-breakpoint
-- Objects deleted clusters left behind (and kubeconfigs kept writing) go with their cluster.
DELETE FROM "simulated_kube_objects"
WHERE "cluster_id" NOT IN (SELECT "cluster_id" FROM "simulated_kube_credentials");
--> statement-breakpoint
ALTER TABLE "simulated_kube_objects" ADD CONSTRAINT "simulated_kube_objects_cluster_id_simulated_kube_credentials_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."simulated_kube_credentials"("cluster_id") ON DELETE cascade ON UPDATE no action;
