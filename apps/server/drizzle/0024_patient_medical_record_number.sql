CREATE TABLE "patient_number_counters" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "medical_record_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_tenant_mrn_uq" ON "patients" USING btree ("tenant_id","medical_record_number");