CREATE TABLE "access_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"mobile_no" varchar(11) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"default_payment_method_id" uuid,
	"booking_req_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"mobile_no" varchar(11) NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"client_ip" text,
	"purpose" text DEFAULT 'sms' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"mobile_no" varchar(11),
	"client_ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date,
	"relationship" text,
	"address_line_one" text,
	"address_line_two" text,
	"address_line_three" text,
	"address_city" text,
	"hospital_id" uuid,
	"mobile_no" varchar(11),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text DEFAULT 'card' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"card_type" text,
	"card_number" text,
	"card_expiry" text,
	"gateway_token" text,
	"gateway" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"provider" text NOT NULL,
	"to" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"token_no" integer NOT NULL,
	"appointment_status" text DEFAULT 'booked' NOT NULL,
	"practitioner_status" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"procedure_payment_status" text,
	"practitioner_payment_status" text,
	"payment_refund_status" text,
	"appointment_reschedule_status" text,
	"appointment_rescheduled_for" uuid,
	"appointment_rescheduled_by" uuid,
	"appointment_rescheduled_by_session" uuid,
	"appointment_origin_channel" text DEFAULT 'patient_app' NOT NULL,
	"appointment_booking_type" text,
	"valuepack_status" text,
	"reason_reference" jsonb,
	"document_reference_ids" jsonb,
	"feedback_rating" integer,
	"feedback_comment" text,
	"heartbeat_link_seen" boolean DEFAULT false NOT NULL,
	"heartbeat_timestamps" jsonb,
	"appointment_arrived_time" timestamp with time zone,
	"remote_communication_link" text,
	"procedure_codes" jsonb,
	"service_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_schemes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"practitioner_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"items" jsonb NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"practitioner_role_code" text NOT NULL,
	"practitioner_role_display" text NOT NULL,
	"charging_scheme_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"session_started_time" timestamp with time zone,
	"session_completed_time" timestamp with time zone,
	"appointment_max_allowed" integer NOT NULL,
	"issued_tokens" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'regular' NOT NULL,
	"participation_mode" text DEFAULT 'in_person' NOT NULL,
	"service_type_code" text DEFAULT '2' NOT NULL,
	"service_category" text,
	"location_name" text,
	"location_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"active_points" integer DEFAULT 0 NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"loyalty_account_id" uuid NOT NULL,
	"actor" text,
	"reason_code" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"phone" text,
	"lab_report_header_image_url" text,
	"lab_report_footer_image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"organization_id" uuid,
	"code" text NOT NULL,
	"display" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"prefix" text DEFAULT 'Dr.' NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"include_no_show_in_practitioner_payment" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_sessions" ADD CONSTRAINT "access_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_session_id_consultation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."consultation_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_schemes" ADD CONSTRAINT "charging_schemes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_schemes" ADD CONSTRAINT "charging_schemes_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD CONSTRAINT "consultation_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD CONSTRAINT "consultation_sessions_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_sessions" ADD CONSTRAINT "consultation_sessions_charging_scheme_id_charging_schemes_id_fk" FOREIGN KEY ("charging_scheme_id") REFERENCES "public"."charging_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_loyalty_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("loyalty_account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD CONSTRAINT "practitioner_roles_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD CONSTRAINT "practitioner_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_sessions_token_uq" ON "access_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_sessions_account_idx" ON "access_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_tenant_mobile_uq" ON "accounts" USING btree ("tenant_id","mobile_no");--> statement-breakpoint
CREATE INDEX "auth_challenges_mobile_idx" ON "auth_challenges" USING btree ("tenant_id","mobile_no","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_mobile_idx" ON "auth_events" USING btree ("tenant_id","kind","mobile_no","at");--> statement-breakpoint
CREATE INDEX "auth_events_ip_idx" ON "auth_events" USING btree ("tenant_id","kind","client_ip","at");--> statement-breakpoint
CREATE INDEX "blobs_account_idx" ON "blobs" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "patients_account_idx" ON "patients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payment_methods_account_idx" ON "payment_methods" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sms_messages_sent_idx" ON "sms_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_session_token_uq" ON "appointments" USING btree ("session_id","token_no");--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "appointments_account_idx" ON "appointments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "charging_schemes_org_idx" ON "charging_schemes" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "sessions_start_idx" ON "consultation_sessions" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE INDEX "sessions_practitioner_idx" ON "consultation_sessions" USING btree ("practitioner_id","start_time");--> statement-breakpoint
CREATE INDEX "sessions_org_idx" ON "consultation_sessions" USING btree ("organization_id","start_time");--> statement-breakpoint
CREATE INDEX "loyalty_accounts_patient_idx" ON "loyalty_accounts" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_account_idx" ON "loyalty_transactions" USING btree ("loyalty_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_name_uq" ON "organizations" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "practitioner_roles_practitioner_idx" ON "practitioner_roles" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "practitioner_roles_code_idx" ON "practitioner_roles" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "practitioners_tenant_idx" ON "practitioners" USING btree ("tenant_id","active");