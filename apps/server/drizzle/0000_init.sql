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
	"linked_patient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
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
	"seq" bigserial NOT NULL,
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
CREATE TABLE "booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid,
	"invoice_id" uuid,
	"organization_id" uuid,
	"request_reference" text NOT NULL,
	"payment_gateway_type" text NOT NULL,
	"payment_method_id" uuid,
	"service_class" text,
	"reason_code" text,
	"success_url" text,
	"failure_url" text,
	"signature" jsonb,
	"status" text DEFAULT 'initiated' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"external_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid,
	"organization_id" uuid,
	"request_reference" text NOT NULL,
	"appointment_id" uuid,
	"session_id" uuid,
	"service_request_id" uuid,
	"charging_scheme_id" uuid,
	"items" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"reason_code" text NOT NULL,
	"service_class" text,
	"instrument_type" text DEFAULT 'credit_card' NOT NULL,
	"booking_id" uuid,
	"signature" jsonb,
	"identifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid,
	"booking_request_id" uuid NOT NULL,
	"invoice_id" uuid,
	"organization_id" uuid,
	"request_reference" text NOT NULL,
	"payment_gateway_type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"message" text,
	"transaction_reference" text NOT NULL,
	"transaction_date" timestamp with time zone,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"organization_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"notes" jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"excluded_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid,
	"blob_id" uuid,
	"url" text,
	"content_type" text,
	"description" text,
	"author_reference" text NOT NULL,
	"subject_reference" text,
	"status" text DEFAULT 'current' NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"service_request_id" uuid NOT NULL,
	"author_reference" text NOT NULL,
	"author_display" text,
	"text" text NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"intent" text DEFAULT 'order' NOT NULL,
	"category" text NOT NULL,
	"code_code" text NOT NULL,
	"organization_id" uuid,
	"hospital_id" uuid,
	"identifier" text,
	"based_on" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaces_id" uuid,
	"replaced_by_id" uuid,
	"reason_reference" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_detail" jsonb,
	"requester" text,
	"referral_organization" text,
	"practitioner_id" uuid,
	"document_reference_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_blob_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_note" text,
	"medication_order_status" text DEFAULT 'new' NOT NULL,
	"examination_order_status" text DEFAULT 'new' NOT NULL,
	"procedure_order_status" text DEFAULT 'new' NOT NULL,
	"encounter_order_status" text DEFAULT 'new' NOT NULL,
	"order_canceled_reason" text,
	"order_communication_status" text DEFAULT 'initial' NOT NULL,
	"service_request_initiated_for" text DEFAULT 'homecare' NOT NULL,
	"service_request_initiated_from" text DEFAULT 'heartbeat' NOT NULL,
	"service_request_charging_amount" numeric(14, 2),
	"service_request_payment_status" text DEFAULT 'pending' NOT NULL,
	"service_request_payment_method" text DEFAULT 'card' NOT NULL,
	"medication_order_estimated_price" numeric(14, 2),
	"medication_order_estimated_time" timestamp with time zone,
	"sample_collection_requested_time" timestamp with time zone,
	"sample_collection_time" timestamp with time zone,
	"sample_collection_user_name" text,
	"procedure_requested_time" timestamp with time zone,
	"encounter_requested_time" timestamp with time zone,
	"home_visit_requested_time" timestamp with time zone,
	"address_line_one" text,
	"address_line_two" text,
	"address_line_three" text,
	"address_city" text,
	"requested_lat" double precision,
	"requested_lng" double precision,
	"diagnostic_report" jsonb,
	"procedure_request" jsonb,
	"heartbeat_link_seen" boolean DEFAULT false NOT NULL,
	"heartbeat_timestamps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invoice_or_encounter_identifier" text,
	"purpose" text,
	"sensitive" boolean DEFAULT false NOT NULL,
	"extensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_report_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"system" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"result_value_type" text DEFAULT 'quantitative' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_report_sub_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"diagnostic_report_code_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parameter_order" integer DEFAULT 0 NOT NULL,
	"sub_test_classification" text DEFAULT 'UNCLASSIFIED' NOT NULL,
	"unit" text,
	"reference_range" jsonb
);
--> statement-breakpoint
CREATE TABLE "diagnostic_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"organization_id" uuid,
	"service_request_id" uuid,
	"diagnostic_report_code_id" uuid,
	"code_code" text NOT NULL,
	"code_display" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"diagnostic_report_code_type" text DEFAULT 'diagnostic-test' NOT NULL,
	"diagnostic_report_outsourced_type" text,
	"diagnostic_report_sensitive" boolean DEFAULT false NOT NULL,
	"patient_credit_status" text,
	"summary_status" text,
	"diagnostic_report_payment_status" text,
	"diagnostic_report_verified_time" timestamp with time zone,
	"purpose" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"diagnostic_report_id" uuid,
	"diagnostic_report_code_id" uuid,
	"diagnostic_report_sub_code_id" uuid,
	"status" text DEFAULT 'final' NOT NULL,
	"code" text,
	"code_display" text,
	"value_string" text,
	"value_quantity" numeric(18, 6),
	"unit" text,
	"reference_range" jsonb,
	"based_on" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"derived_from_document_reference_id" uuid,
	"appointment_id" uuid,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"diagnostic_report_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_plan_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"plan_definition_action_category" text DEFAULT 'general' NOT NULL,
	"start" timestamp with time zone,
	"scheduled_period_start_time" timestamp with time zone,
	"scheduled_period_end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"practitioner_id" uuid,
	"organization_id" uuid,
	"status" text DEFAULT 'finished' NOT NULL,
	"identifier" text,
	"prescriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"system" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"service_request_id" uuid,
	"status" text DEFAULT 'preparation' NOT NULL,
	"code_code" text NOT NULL,
	"code_display" text NOT NULL,
	"performed_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"questionnaire_id" uuid,
	"based_on" text,
	"subject" text NOT NULL,
	"author" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"organization_id" uuid,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"chat_session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_ref" text NOT NULL,
	"message" text,
	"extensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid,
	"status" text DEFAULT 'preparation' NOT NULL,
	"state" text,
	"sender" text,
	"recipient" text,
	"hospital_id" uuid,
	"rating" integer,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_call_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"video_communication_id" uuid NOT NULL,
	"participant_reference" text NOT NULL,
	"participant_status" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"medium" text DEFAULT 'VIDEOCONF' NOT NULL,
	"participant_status" text,
	"participant_reference" text,
	"permissions" jsonb,
	"device_support" boolean,
	"room_sid" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_notes" ADD CONSTRAINT "service_request_notes_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_report_sub_codes" ADD CONSTRAINT "diagnostic_report_sub_codes_diagnostic_report_code_id_diagnostic_report_codes_id_fk" FOREIGN KEY ("diagnostic_report_code_id") REFERENCES "public"."diagnostic_report_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD CONSTRAINT "diagnostic_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD CONSTRAINT "diagnostic_reports_diagnostic_report_code_id_diagnostic_report_codes_id_fk" FOREIGN KEY ("diagnostic_report_code_id") REFERENCES "public"."diagnostic_report_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_diagnostic_report_id_diagnostic_reports_id_fk" FOREIGN KEY ("diagnostic_report_id") REFERENCES "public"."diagnostic_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_diagnostic_report_code_id_diagnostic_report_codes_id_fk" FOREIGN KEY ("diagnostic_report_code_id") REFERENCES "public"."diagnostic_report_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_diagnostic_report_sub_code_id_diagnostic_report_sub_codes_id_fk" FOREIGN KEY ("diagnostic_report_sub_code_id") REFERENCES "public"."diagnostic_report_sub_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_reports" ADD CONSTRAINT "print_reports_diagnostic_report_id_diagnostic_reports_id_fk" FOREIGN KEY ("diagnostic_report_id") REFERENCES "public"."diagnostic_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_history" ADD CONSTRAINT "video_call_history_video_communication_id_video_communications_id_fk" FOREIGN KEY ("video_communication_id") REFERENCES "public"."video_communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "sms_messages_to_idx" ON "sms_messages" USING btree ("to","seq");--> statement-breakpoint
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
CREATE INDEX "practitioners_tenant_idx" ON "practitioners" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_external_ref_uq" ON "booking_requests" USING btree ("tenant_id","external_reference");--> statement-breakpoint
CREATE INDEX "booking_requests_account_idx" ON "booking_requests" USING btree ("tenant_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("tenant_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("tenant_id","request_reference");--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_tx_uq" ON "payments" USING btree ("tenant_id","payment_gateway_type","transaction_reference");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("tenant_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("tenant_id","request_reference");--> statement-breakpoint
CREATE INDEX "payments_booking_request_idx" ON "payments" USING btree ("booking_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_appointment_uq" ON "refund_requests" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "refund_requests_account_idx" ON "refund_requests" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "document_references_account_idx" ON "document_references" USING btree ("tenant_id","account_id","created_time");--> statement-breakpoint
CREATE INDEX "document_references_patient_idx" ON "document_references" USING btree ("tenant_id","patient_id");--> statement-breakpoint
CREATE INDEX "service_request_notes_order_idx" ON "service_request_notes" USING btree ("service_request_id","time");--> statement-breakpoint
CREATE INDEX "service_requests_account_idx" ON "service_requests" USING btree ("tenant_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_patient_idx" ON "service_requests" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_status_idx" ON "service_requests" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_report_codes_tenant_code_uq" ON "diagnostic_report_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "diagnostic_report_sub_codes_code_idx" ON "diagnostic_report_sub_codes" USING btree ("diagnostic_report_code_id","parameter_order");--> statement-breakpoint
CREATE INDEX "diagnostic_reports_patient_idx" ON "diagnostic_reports" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostic_reports_order_idx" ON "diagnostic_reports" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "observations_patient_code_idx" ON "observations" USING btree ("tenant_id","patient_id","diagnostic_report_code_id","created_time");--> statement-breakpoint
CREATE INDEX "observations_report_idx" ON "observations" USING btree ("diagnostic_report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_reports_report_uq" ON "print_reports" USING btree ("diagnostic_report_id");--> statement-breakpoint
CREATE INDEX "care_plan_actions_appointment_idx" ON "care_plan_actions" USING btree ("tenant_id","appointment_id","status");--> statement-breakpoint
CREATE INDEX "encounters_appointment_idx" ON "encounters" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_codes_tenant_code_uq" ON "procedure_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "procedures_appointment_idx" ON "procedures" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE INDEX "procedures_order_idx" ON "procedures" USING btree ("tenant_id","service_request_id");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_patient_idx" ON "questionnaire_responses" USING btree ("tenant_id","patient_id");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_based_on_idx" ON "questionnaire_responses" USING btree ("tenant_id","based_on");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_tenant_name_uq" ON "questionnaires" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "chat_notes_chat_idx" ON "chat_notes" USING btree ("chat_session_id","created_time");--> statement-breakpoint
CREATE INDEX "chat_sessions_account_idx" ON "chat_sessions" USING btree ("tenant_id","account_id","created_time");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_open_uq" ON "chat_sessions" USING btree ("tenant_id","account_id") WHERE status in ('preparation', 'in_progress', 'suspended');--> statement-breakpoint
CREATE INDEX "video_call_history_comm_idx" ON "video_call_history" USING btree ("video_communication_id","timestamp");--> statement-breakpoint
CREATE INDEX "video_communications_appointment_idx" ON "video_communications" USING btree ("tenant_id","appointment_id","created_time");