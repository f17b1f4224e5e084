-- An app runs one deployment per member cluster (issue 34). Deploying a second version onto a smart
-- cluster used to add a second row per member; those duplicates are merged into the row of the
-- newest version (then the latest updated), and a unique index keeps them from coming back.
CREATE TEMPORARY TABLE "deployment_merges" AS
WITH "ranked" AS (
	SELECT d."id", d."app_id", d."cluster_id",
		row_number() OVER (
			PARTITION BY d."app_id", d."cluster_id"
			ORDER BY v."created_at" DESC, d."updated_at" DESC, d."id" DESC
		) AS "rank"
	FROM "deployments" d
	JOIN "versions" v ON v."id" = d."version_id"
)
SELECT dropped."id" AS "dropped_id", kept."id" AS "kept_id"
FROM "ranked" dropped
JOIN "ranked" kept
	ON kept."app_id" = dropped."app_id" AND kept."cluster_id" = dropped."cluster_id" AND kept."rank" = 1
WHERE dropped."rank" > 1;
--> statement-breakpoint
-- The kept row takes the domain names and certificate the user gave a dropped one, when it has none.
UPDATE "deployments" kept
SET "domain_names" = source."domain_names", "certificate_uuid" = source."certificate_uuid"
FROM (
	SELECT DISTINCT ON (m."kept_id") m."kept_id", d."domain_names", d."certificate_uuid"
	FROM "deployment_merges" m
	JOIN "deployments" d ON d."id" = m."dropped_id"
	WHERE d."domain_names" <> '[]'::jsonb OR d."certificate_uuid" IS NOT NULL
	ORDER BY m."kept_id", d."updated_at" DESC
) source
WHERE kept."id" = source."kept_id"
	AND kept."domain_names" = '[]'::jsonb
	AND kept."certificate_uuid" IS NULL;
--> statement-breakpoint
-- Certificates would go with the dropped row (foreign key): they move to the kept one.
UPDATE "certificates" c
SET "deployment_id" = m."kept_id"
FROM "deployment_merges" m
WHERE c."deployment_id" = m."dropped_id";
--> statement-breakpoint
-- History stays whole (its entries keep names); where it can, a location points at the kept row.
UPDATE "app_history_locations" l
SET "deployment_id" = pick."kept_id"
FROM (
	SELECT DISTINCT ON (h."history_id", m."kept_id") h."history_id", h."deployment_id", m."kept_id"
	FROM "app_history_locations" h
	JOIN "deployment_merges" m ON m."dropped_id" = h."deployment_id"
	WHERE NOT EXISTS (
		SELECT 1 FROM "app_history_locations" o
		WHERE o."history_id" = h."history_id" AND o."deployment_id" = m."kept_id"
	)
	ORDER BY h."history_id", m."kept_id", h."deployment_id"
) pick
WHERE l."history_id" = pick."history_id" AND l."deployment_id" = pick."deployment_id";
--> statement-breakpoint
-- A rollout's location follows the deployment that stays there.
UPDATE "rollout_steps" s
SET "deployment_id" = m."kept_id"
FROM "deployment_merges" m
WHERE s."deployment_id" = m."dropped_id";
--> statement-breakpoint
-- A dropped Heat stack is no longer Meridian's to run: its metering stops with it.
UPDATE "usage_periods" u
SET "ended_at" = now()
FROM "deployment_merges" m
WHERE u."resource_id" = m."dropped_id" AND u."resource_type" = 'stack' AND u."ended_at" IS NULL;
--> statement-breakpoint
DELETE FROM "deployments" d
USING "deployment_merges" m
WHERE d."id" = m."dropped_id";
--> statement-breakpoint
DROP TABLE "deployment_merges";
--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_one_per_member_idx" ON "deployments" USING btree ("app_id","cluster_id");
