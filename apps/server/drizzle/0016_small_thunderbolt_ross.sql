CREATE TABLE "lab_report_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"require_second_verifier" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "superseded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "amendment_reason" text;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "entered_by" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "verified_by_name" text;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "critical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "interpretation" text;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "parameter_order" integer;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "sub_test_classification" text;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "microbiology" jsonb;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "entered_by" uuid;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD CONSTRAINT "lab_report_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_report_settings_hospital_uq" ON "lab_report_settings" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "diagnostic_reports_hospital_idx" ON "diagnostic_reports" USING btree ("tenant_id","organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_reports_series_version_uq" ON "diagnostic_reports" USING btree (coalesce("series_id", "id"),"version");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_reports_order_code_uq" ON "diagnostic_reports" USING btree ("service_request_id","code_code") WHERE "diagnostic_reports"."version" = 1 AND "diagnostic_reports"."service_request_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "observations_report_sub_code_uq" ON "observations" USING btree ("diagnostic_report_id","diagnostic_report_sub_code_id") WHERE "observations"."diagnostic_report_id" IS NOT NULL AND "observations"."diagnostic_report_sub_code_id" IS NOT NULL;