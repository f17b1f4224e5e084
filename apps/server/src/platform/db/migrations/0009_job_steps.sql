CREATE TABLE "job_steps" (
	"job_key" text NOT NULL,
	"step" text NOT NULL,
	"output" jsonb,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_job_key_step_pk" PRIMARY KEY("job_key","step")
);
