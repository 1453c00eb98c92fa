CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"gateway" text NOT NULL,
	"event_key" text NOT NULL,
	"booking_request_id" uuid,
	"transaction_id" text NOT NULL,
	"decision" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text DEFAULT 'received' NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "transaction_uuid" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "save_payment_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "credited_transaction_id" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_key_uq" ON "gateway_events" USING btree ("tenant_id","gateway","event_key");--> statement-breakpoint
CREATE INDEX "gateway_events_booking_idx" ON "gateway_events" USING btree ("booking_request_id");--> statement-breakpoint
CREATE INDEX "gateway_events_outcome_idx" ON "gateway_events" USING btree ("tenant_id","outcome","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_open_request_uq" ON "invoices" USING btree ("tenant_id","account_id","request_reference") WHERE reason_code = 'prepayment_collected';