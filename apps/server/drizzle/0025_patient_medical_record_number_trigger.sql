-- The tenant's medical record number (issue 30 §3.7): the patients already there numbered in the
-- order they registered, each tenant's counter set to its last number, then every new patient takes
-- the next number of its tenant's counter row when it is inserted. The counter row is updated (so
-- locked) in the inserting transaction: two registrations at once wait for each other and never get
-- the same number; a registration rolled back gives its number back with it.
WITH numbered AS (
  SELECT "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "created_at", "id") AS n
  FROM "patients"
)
UPDATE "patients" p SET "medical_record_number" = numbered.n
FROM numbered
WHERE p."id" = numbered."id" AND p."medical_record_number" IS NULL;
--> statement-breakpoint
INSERT INTO "patient_number_counters" ("tenant_id", "last_value")
SELECT "tenant_id", max("medical_record_number") FROM "patients" GROUP BY "tenant_id"
ON CONFLICT ("tenant_id") DO UPDATE SET "last_value" = GREATEST("patient_number_counters"."last_value", EXCLUDED."last_value");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patients_medical_record_number_trigger"() RETURNS trigger AS $$
BEGIN
  IF NEW."medical_record_number" IS NULL THEN
    INSERT INTO "patient_number_counters" ("tenant_id", "last_value") VALUES (NEW."tenant_id", 1)
    ON CONFLICT ("tenant_id") DO UPDATE SET "last_value" = "patient_number_counters"."last_value" + 1
    RETURNING "last_value" INTO NEW."medical_record_number";
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "patients_medical_record_number" BEFORE INSERT ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "patients_medical_record_number_trigger"();
