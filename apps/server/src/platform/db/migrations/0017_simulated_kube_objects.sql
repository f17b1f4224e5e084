CREATE TABLE "simulated_kube_objects" (
	"cluster_id" text NOT NULL,
	"object_key" text NOT NULL,
	"object" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_kube_objects_cluster_id_object_key_pk" PRIMARY KEY("cluster_id","object_key")
);
