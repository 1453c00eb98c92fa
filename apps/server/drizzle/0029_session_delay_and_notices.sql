ALTER TABLE "appointments" ADD COLUMN "reminder_sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_notice_mark" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD COLUMN "delay_minutes" integer;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD COLUMN "delay_marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_scheduled_start_idx" ON "consultation_sessions" USING btree ("start_time") WHERE "consultation_sessions"."status" = 'scheduled';