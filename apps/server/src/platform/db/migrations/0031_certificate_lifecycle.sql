CREATE TABLE "acme_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acme_accounts" (
	"directory_url" text PRIMARY KEY NOT NULL,
	"account_key_sealed" text NOT NULL,
	"account_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "chain_pem" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "private_key_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "not_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "state" text DEFAULT 'valid' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "warned_days" integer;--> statement-breakpoint
ALTER TABLE "acme_challenges" ADD CONSTRAINT "acme_challenges_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acme_challenges_certificate_idx" ON "acme_challenges" USING btree ("certificate_id");--> statement-breakpoint
-- Certificates from before: all were the local authority's 90-day leaves.
UPDATE "certificates" SET "issuer" = 'CN=Meridian Local Certificate Authority, O=Meridian', "not_before" = "not_after" - interval '90 days';
--> statement-breakpoint
-- The challenge TXT records are served in zones: a change of them is a DNS change.
CREATE TRIGGER "acme_challenges_bump_dns_revision" AFTER INSERT OR UPDATE OR DELETE ON "acme_challenges" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dns_revision"();
