CREATE TABLE "certificate_authorities" (
	"id" integer PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"domain_names" jsonb NOT NULL,
	"chain_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"ttl" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain_name" text NOT NULL,
	"email" text,
	"status" text NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_domain_name_unique" UNIQUE("domain_name")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_records_domain_idx" ON "dns_records" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "dns_revision" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
-- Bumps the one DNS revision when a row that a served zone shows changes.
CREATE FUNCTION "bump_dns_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "dns_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "domains_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "domains" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
CREATE TRIGGER "dns_records_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "dns_records" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dns_revision"();
--> statement-breakpoint
-- Deployments change often (rollouts); only those with domain names, and only their names,
-- addresses and status, matter to DNS.
CREATE FUNCTION "bump_dns_revision_for_deployment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."domain_names" = '[]'::jsonb AND OLD."domain_names" = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."domain_names" IS NOT DISTINCT FROM OLD."domain_names"
     AND NEW."endpoint" IS NOT DISTINCT FROM OLD."endpoint"
     AND NEW."status" IS NOT DISTINCT FROM OLD."status" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' AND OLD."domain_names" = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  UPDATE "dns_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deployments_bump_dns_revision" AFTER UPDATE OR DELETE ON "deployments" FOR EACH ROW EXECUTE FUNCTION "bump_dns_revision_for_deployment"();
