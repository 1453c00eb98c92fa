CREATE TABLE "temporary_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"token_no" integer NOT NULL,
	"status" text DEFAULT 'temporary' NOT NULL,
	"booking_type" text DEFAULT 'temporary' NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "temporary_appointments" ADD CONSTRAINT "temporary_appointments_session_id_consultation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."consultation_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "temporary_appointments_session_token_uq" ON "temporary_appointments" USING btree ("session_id","token_no");--> statement-breakpoint
CREATE INDEX "temporary_appointments_account_idx" ON "temporary_appointments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "temporary_appointments_expiry_idx" ON "temporary_appointments" USING btree ("hold_expires_at");