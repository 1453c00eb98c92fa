ALTER TABLE "lab_report_settings" ADD COLUMN "header_image_blob_id" uuid;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD COLUMN "footer_image_blob_id" uuid;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD COLUMN "signature_image_blob_id" uuid;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD CONSTRAINT "lab_report_settings_header_image_blob_id_blobs_id_fk" FOREIGN KEY ("header_image_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD CONSTRAINT "lab_report_settings_footer_image_blob_id_blobs_id_fk" FOREIGN KEY ("footer_image_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_report_settings" ADD CONSTRAINT "lab_report_settings_signature_image_blob_id_blobs_id_fk" FOREIGN KEY ("signature_image_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;