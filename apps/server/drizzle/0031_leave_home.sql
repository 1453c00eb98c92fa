CREATE TABLE "appointment_leave_home_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"message_no" integer NOT NULL,
	"kind" text NOT NULL,
	"expected_call_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_leave_home_messages_no_ck" CHECK ("appointment_leave_home_messages"."message_no" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "journey_minutes" integer;--> statement-breakpoint
ALTER TABLE "appointment_leave_home_messages" ADD CONSTRAINT "appointment_leave_home_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_leave_home_messages_no_uq" ON "appointment_leave_home_messages" USING btree ("appointment_id","message_no");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_journey_minutes_ck" CHECK ("appointments"."journey_minutes" IS NULL OR "appointments"."journey_minutes" BETWEEN 5 AND 240);