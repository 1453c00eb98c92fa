CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"service_request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"actor_reference" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_documents" (
	"tenant_id" text NOT NULL,
	"service_request_id" uuid NOT NULL,
	"document_reference_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_documents_service_request_id_document_reference_id_pk" PRIMARY KEY("service_request_id","document_reference_id")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_documents" ADD CONSTRAINT "service_request_documents_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_documents" ADD CONSTRAINT "service_request_documents_document_reference_id_document_references_id_fk" FOREIGN KEY ("document_reference_id") REFERENCES "public"."document_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("service_request_id","created_at");--> statement-breakpoint
CREATE INDEX "service_request_documents_document_idx" ON "service_request_documents" USING btree ("tenant_id","document_reference_id");--> statement-breakpoint
INSERT INTO "service_request_documents" ("tenant_id", "service_request_id", "document_reference_id", "position")
SELECT l."tenant_id", l."service_request_id", l."document_reference_id",
	(row_number() OVER (PARTITION BY l."service_request_id" ORDER BY l.ord) - 1)::integer
FROM (
	SELECT DISTINCT ON (sr."id", d."id") sr."tenant_id", sr."id" AS "service_request_id", d."id" AS "document_reference_id", e.ord
	FROM "service_requests" sr
	CROSS JOIN LATERAL jsonb_array_elements_text(
		CASE WHEN jsonb_typeof(sr."document_reference_ids") = 'array' THEN sr."document_reference_ids" ELSE '[]'::jsonb END
	) WITH ORDINALITY AS e(value, ord)
	JOIN "document_references" d ON d."id"::text = lower(btrim(e.value))
		AND d."tenant_id" = sr."tenant_id"
		AND d."account_id" = sr."account_id"
	ORDER BY sr."id", d."id", e.ord
) l
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "document_reference_ids";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "image_blob_ids";