CREATE TABLE "secret_key_salt" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"salt" text NOT NULL
);
