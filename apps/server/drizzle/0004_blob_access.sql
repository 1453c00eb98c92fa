CREATE TABLE "organization_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blobs" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blobs" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "document_references" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_images" ADD CONSTRAINT "organization_images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_images" ADD CONSTRAINT "organization_images_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_images_blob_org_uq" ON "organization_images" USING btree ("blob_id","organization_id");--> statement-breakpoint
CREATE INDEX "organization_images_org_idx" ON "organization_images" USING btree ("tenant_id","organization_id");--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_references" ADD CONSTRAINT "document_references_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_references_blob_idx" ON "document_references" USING btree ("tenant_id","blob_id");