CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"va_id" integer,
	"source_event_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"attendance_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"details" text,
	"paid_by" text,
	"target_start_date" date NOT NULL,
	"target_end_date" date NOT NULL,
	"minutes" integer,
	"mus" jsonb,
	"mus_start_at" timestamp with time zone,
	"mus_end_at" timestamp with time zone,
	"days" integer,
	"days_by_year" jsonb,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"makeup_attendance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "max_overtime_minutes" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_makeup_attendance_id_attendances_id_fk" FOREIGN KEY ("makeup_attendance_id") REFERENCES "public"."attendances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_org_va_idx" ON "notifications" USING btree ("organization_id","va_id","id");--> statement-breakpoint
CREATE INDEX "notifications_org_idx" ON "notifications" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notifications" USING btree ("source_event_id","user_id");--> statement-breakpoint
CREATE INDEX "user_requests_org_idx" ON "user_requests" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "user_requests_pending_idx" ON "user_requests" USING btree ("organization_id","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "user_requests_va_idx" ON "user_requests" USING btree ("va_id","id");--> statement-breakpoint
CREATE INDEX "user_requests_contract_dates_idx" ON "user_requests" USING btree ("contract_id","target_start_date","target_end_date");--> statement-breakpoint
-- A shift built after its leave was approved (the rolling window moves on, a schedule changes) is on leave from
-- the start, whichever code path builds it.
CREATE OR REPLACE FUNCTION attendances_on_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.started_at IS NULL AND NEW.status = 'upcoming' AND EXISTS (
    SELECT 1 FROM user_requests r
    WHERE r.contract_id = NEW.contract_id AND r.status = 'approved'
      AND r.type IN ('vacation_leave', 'emergency_leave', 'unpaid_leave', 'absent', 'sick_leave')
      AND NEW.date BETWEEN r.target_start_date AND r.target_end_date
  ) THEN
    NEW.status := 'on_leave';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendances_on_leave BEFORE INSERT ON attendances
  FOR EACH ROW EXECUTE FUNCTION attendances_on_leave();
