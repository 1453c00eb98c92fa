CREATE TABLE "database_restores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data_as_of" timestamp with time zone,
	"source" text NOT NULL,
	"paused_sessions" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD COLUMN "token_check_restore_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD CONSTRAINT "consultation_sessions_token_check_restore_id_database_restores_id_fk" FOREIGN KEY ("token_check_restore_id") REFERENCES "public"."database_restores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_token_check_idx" ON "consultation_sessions" USING btree ("organization_id","start_time") WHERE "consultation_sessions"."token_check_restore_id" IS NOT NULL;