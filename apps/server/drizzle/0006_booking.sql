ALTER TABLE "consultation_sessions" ADD COLUMN "live_appointments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_patient_live_uq" ON "appointments" USING btree ("session_id","patient_id") WHERE "appointments"."appointment_status" NOT IN ('cancelled', 'entered_in_error');--> statement-breakpoint
UPDATE "consultation_sessions" SET "live_appointments" = (SELECT count(*) FROM "appointments" WHERE "appointments"."session_id" = "consultation_sessions"."id" AND "appointments"."appointment_status" NOT IN ('cancelled', 'entered_in_error'));
