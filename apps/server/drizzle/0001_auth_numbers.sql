CREATE TABLE "auth_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"mobile_no" varchar(11) NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"previous_sent_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "auth_events_ip_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "auth_numbers_mobile_uq" ON "auth_numbers" USING btree ("tenant_id","mobile_no");--> statement-breakpoint
CREATE INDEX "auth_events_ip_idx" ON "auth_events" USING btree ("kind","client_ip","at");