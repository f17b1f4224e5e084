CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_name" text,
	"organization_id" uuid,
	"account_user_id" uuid,
	"ip" text,
	"result" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_account_at_idx" ON "audit_entries" USING btree ("account_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_organization_at_idx" ON "audit_entries" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");