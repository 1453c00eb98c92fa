ALTER TABLE "refund_requests" ADD COLUMN "way_back" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "staff_role" text;--> statement-breakpoint
CREATE INDEX "refund_requests_hospital_waiting_idx" ON "refund_requests" USING btree ("created_at") WHERE "refund_requests"."requested_by" = 'hospital' AND "refund_requests"."status" = 'requested';