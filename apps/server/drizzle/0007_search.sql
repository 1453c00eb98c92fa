CREATE TABLE "practitioner_search_terms" (
	"tenant_id" text NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"term" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practitioner_search_terms" ADD CONSTRAINT "practitioner_search_terms_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practitioner_search_terms_uq" ON "practitioner_search_terms" USING btree ("practitioner_id","term");--> statement-breakpoint
CREATE INDEX "practitioner_search_terms_prefix_idx" ON "practitioner_search_terms" USING btree ("tenant_id","term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "practitioner_roles_display_prefix_idx" ON "practitioner_roles" USING btree ("tenant_id",lower("display") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "practitioner_roles_code_lower_idx" ON "practitioner_roles" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
-- Keeps practitioner_search_terms equal to the lower-case words of the practitioner's name and of its
-- displayed roles (the hidden role 'Doctor' left out, spec doc 1 §3), whoever writes the rows.
CREATE OR REPLACE FUNCTION "refresh_practitioner_search_terms"(pid uuid) RETURNS void AS $$
BEGIN
  DELETE FROM "practitioner_search_terms" WHERE "practitioner_id" = pid;
  INSERT INTO "practitioner_search_terms" ("tenant_id", "practitioner_id", "term")
  SELECT DISTINCT p."tenant_id", p."id", w.term
  FROM "practitioners" p
  CROSS JOIN LATERAL (
    SELECT regexp_split_to_table(lower(p."text"), '\s+') AS term
    UNION ALL
    SELECT regexp_split_to_table(lower(r."display"), '\s+')
    FROM "practitioner_roles" r
    WHERE r."practitioner_id" = p."id"
      AND lower(trim(r."code")) <> 'doctor'
      AND lower(trim(r."display")) <> 'doctor'
  ) w
  WHERE p."id" = pid AND w.term <> '';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "practitioners_search_terms_trigger"() RETURNS trigger AS $$
BEGIN
  PERFORM "refresh_practitioner_search_terms"(NEW."id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "practitioner_roles_search_terms_trigger"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "refresh_practitioner_search_terms"(OLD."practitioner_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "refresh_practitioner_search_terms"(NEW."practitioner_id");
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "practitioners_search_terms" AFTER INSERT OR UPDATE OF "text" ON "practitioners"
  FOR EACH ROW EXECUTE FUNCTION "practitioners_search_terms_trigger"();
--> statement-breakpoint
CREATE TRIGGER "practitioner_roles_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "practitioner_roles"
  FOR EACH ROW EXECUTE FUNCTION "practitioner_roles_search_terms_trigger"();
--> statement-breakpoint
SELECT "refresh_practitioner_search_terms"("id") FROM "practitioners";
