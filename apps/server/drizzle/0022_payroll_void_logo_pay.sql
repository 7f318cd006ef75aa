ALTER TABLE "invoicing_settings" ADD COLUMN "managers_see_pay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_key" text;