CREATE TABLE "screenshot_notice_preferences" (
	"va_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "screenshot_notice" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "va_may_mute_screenshot_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshot_notice_preferences" ADD CONSTRAINT "screenshot_notice_preferences_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshot_notice_preferences" ADD CONSTRAINT "screenshot_notice_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_screenshot_notice_check" CHECK ("contract_settings"."screenshot_notice" in ('each', 'hourly'));