-- Questionnaires in the tenant's languages, and the hospital of each response (issue 30 §4.9).
ALTER TABLE "questionnaire_responses" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_responses_hospital_idx" ON "questionnaire_responses" USING btree ("tenant_id","organization_id","created_at");--> statement-breakpoint
-- The responses already there take the hospital of the appointment they are based on (issue 30 §4.9).
UPDATE "questionnaire_responses" r SET "organization_id" = s."organization_id"
FROM "appointments" a JOIN "consultation_sessions" s ON s."id" = a."session_id"
WHERE r."organization_id" IS NULL AND r."tenant_id" = a."tenant_id" AND r."based_on" = 'Appointment/' || a."id"::text;
