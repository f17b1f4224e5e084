-- The parameters a Heat deployment's stack was created with (hidden ones masked), set with its outputs.
ALTER TABLE "deployments" ADD COLUMN "stack_parameters" jsonb;
