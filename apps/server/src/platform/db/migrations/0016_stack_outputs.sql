-- A Heat deployment's stack outputs (name, value, description), set when its stack is created.
ALTER TABLE "deployments" ADD COLUMN "stack_outputs" jsonb;
