CREATE TABLE "screenshot_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"attendance_id" integer NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"screenshot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"attendance_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_uuid" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"tracker" text NOT NULL,
	"request_id" uuid,
	"requested_by" integer,
	"status" text DEFAULT 'stored' NOT NULL,
	"screen" smallint DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"blurred" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "screenshot_privacy" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "screenshots_on_demand" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Backfill: the tier the spec's two booleans already said (screenshots off: activity only; blurred; else full).
UPDATE "contract_settings" SET "screenshot_privacy" = CASE WHEN NOT "screenshots_enabled" THEN 'activity_only' WHEN "blur_screenshots" THEN 'blurred' ELSE 'full' END;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "screenshot_policy" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshot_requests" ADD CONSTRAINT "screenshot_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshot_requests" ADD CONSTRAINT "screenshot_requests_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshot_requests" ADD CONSTRAINT "screenshot_requests_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshot_requests" ADD CONSTRAINT "screenshot_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshot_requests" ADD CONSTRAINT "screenshot_requests_screenshot_id_screenshots_id_fk" FOREIGN KEY ("screenshot_id") REFERENCES "public"."screenshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screenshot_requests_pending_idx" ON "screenshot_requests" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "screenshot_requests_va_idx" ON "screenshot_requests" USING btree ("va_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screenshots_va_client_uuid_key" ON "screenshots" USING btree ("va_id","client_uuid");--> statement-breakpoint
CREATE INDEX "screenshots_org_taken_idx" ON "screenshots" USING btree ("organization_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screenshots_va_taken_idx" ON "screenshots" USING btree ("va_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screenshots_attendance_taken_idx" ON "screenshots" USING btree ("attendance_id","taken_at");--> statement-breakpoint
CREATE INDEX "screenshots_client_taken_idx" ON "screenshots" USING btree ("client_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screenshots_stored_taken_idx" ON "screenshots" USING btree ("organization_id","taken_at") WHERE status = 'stored';--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_screenshot_privacy_check" CHECK ("contract_settings"."screenshot_privacy" in ('off', 'activity_only', 'blurred', 'full'));