CREATE TABLE "timesheet_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"role" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timesheet_sign_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"decision" text,
	"comment" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"va_reply" text,
	"va_replied_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"attendance_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" date NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"adjustment_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"note" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"frozen_scheduled_minutes" integer,
	"frozen_worked_minutes" integer,
	"frozen_active_minutes" integer,
	"frozen_idle_minutes" integer,
	"frozen_counted_minutes" integer,
	"client_status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "timesheet_policy" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheet_exports" ADD CONSTRAINT "timesheet_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_exports" ADD CONSTRAINT "timesheet_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_sign_offs" ADD CONSTRAINT "timesheet_sign_offs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_sign_offs" ADD CONSTRAINT "timesheet_sign_offs_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_sign_offs" ADD CONSTRAINT "timesheet_sign_offs_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_sign_offs" ADD CONSTRAINT "timesheet_sign_offs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_exports_requester_idx" ON "timesheet_exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_sign_offs_week_key" ON "timesheet_sign_offs" USING btree ("client_id","va_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheet_sign_offs_org_week_idx" ON "timesheet_sign_offs" USING btree ("organization_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_attendance_key" ON "timesheets" USING btree ("attendance_id");--> statement-breakpoint
CREATE INDEX "timesheets_org_date_idx" ON "timesheets" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "timesheets_va_date_idx" ON "timesheets" USING btree ("va_id","date");--> statement-breakpoint
CREATE INDEX "timesheets_client_date_idx" ON "timesheets" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "timesheets_week_idx" ON "timesheets" USING btree ("client_id","va_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheets_pending_idx" ON "timesheets" USING btree ("organization_id") WHERE status = 'pending';--> statement-breakpoint
-- A timesheet exists for every attendance once it started, created in the transaction that starts it whatever
-- code path does (clock-in, a make-up shift, a seed): the tracked figures are read from the attendance, so the
-- row only needs to exist.
CREATE OR REPLACE FUNCTION timesheets_on_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.started_at IS NOT NULL THEN
    INSERT INTO timesheets (organization_id, attendance_id, contract_id, va_id, client_id, date, week_start)
    VALUES (NEW.organization_id, NEW.id, NEW.contract_id, NEW.va_id, NEW.client_id, NEW.date,
            NEW.date - (EXTRACT(ISODOW FROM NEW.date)::int - 1))
    ON CONFLICT (attendance_id) DO UPDATE SET date = EXCLUDED.date, week_start = EXCLUDED.week_start
      WHERE timesheets.date IS DISTINCT FROM EXCLUDED.date;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheets_on_start AFTER INSERT OR UPDATE OF started_at, date ON attendances
  FOR EACH ROW EXECUTE FUNCTION timesheets_on_start();
--> statement-breakpoint
-- The attendances that started before timesheets existed.
INSERT INTO timesheets (organization_id, attendance_id, contract_id, va_id, client_id, date, week_start)
SELECT organization_id, id, contract_id, va_id, client_id, date, date - (EXTRACT(ISODOW FROM date)::int - 1)
FROM attendances WHERE started_at IS NOT NULL
ON CONFLICT (attendance_id) DO NOTHING;
