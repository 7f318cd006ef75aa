CREATE TABLE "attendance_blocks" (
	"attendance_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"tracked_seconds" integer DEFAULT 0 NOT NULL,
	"active_seconds" integer DEFAULT 0 NOT NULL,
	"idle_seconds" integer DEFAULT 0 NOT NULL,
	"keyboard" integer DEFAULT 0 NOT NULL,
	"mouse" integer DEFAULT 0 NOT NULL,
	"pings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_blocks_attendance_id_start_at_pk" PRIMARY KEY("attendance_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"attendance_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_pings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"attendance_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"keyboard" integer DEFAULT 0 NOT NULL,
	"mouse" integer DEFAULT 0 NOT NULL,
	"idle_seconds" integer DEFAULT 0 NOT NULL,
	"active_window" jsonb,
	"task_id" integer,
	"general_task_id" integer,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"va_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"schedule_id" integer,
	"date" date NOT NULL,
	"timezone" text NOT NULL,
	"scheduled_start_at" timestamp with time zone NOT NULL,
	"scheduled_end_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"end_reason" text,
	"last_ping_at" timestamp with time zone,
	"last_idle_seconds" integer,
	"last_active_window" jsonb,
	"source" text,
	"online" boolean DEFAULT false NOT NULL,
	"idle" boolean DEFAULT false NOT NULL,
	"worked_seconds" integer DEFAULT 0 NOT NULL,
	"active_seconds" integer DEFAULT 0 NOT NULL,
	"idle_seconds" integer DEFAULT 0 NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"late_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_blocks" ADD CONSTRAINT "attendance_blocks_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_logs" ADD CONSTRAINT "attendance_logs_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_logs" ADD CONSTRAINT "attendance_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_pings" ADD CONSTRAINT "attendance_pings_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_va_id_users_id_fk" FOREIGN KEY ("va_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_blocks_va_start_idx" ON "attendance_blocks" USING btree ("va_id","start_at");--> statement-breakpoint
CREATE INDEX "attendance_logs_attendance_idx" ON "attendance_logs" USING btree ("attendance_id","at");--> statement-breakpoint
CREATE INDEX "attendance_logs_org_at_idx" ON "attendance_logs" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "attendance_logs_va_at_idx" ON "attendance_logs" USING btree ("va_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_pings_client_key" ON "attendance_pings" USING btree ("attendance_id","client_id");--> statement-breakpoint
CREATE INDEX "attendance_pings_attendance_at_idx" ON "attendance_pings" USING btree ("attendance_id","at");--> statement-breakpoint
CREATE INDEX "attendance_pings_va_at_idx" ON "attendance_pings" USING btree ("va_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_contract_start_key" ON "attendances" USING btree ("contract_id","scheduled_start_at");--> statement-breakpoint
CREATE INDEX "attendances_org_date_idx" ON "attendances" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "attendances_va_date_idx" ON "attendances" USING btree ("va_id","date");--> statement-breakpoint
CREATE INDEX "attendances_client_date_idx" ON "attendances" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "attendances_contract_date_idx" ON "attendances" USING btree ("contract_id","date");--> statement-breakpoint
CREATE INDEX "attendances_open_end_idx" ON "attendances" USING btree ("scheduled_end_at") WHERE status in ('upcoming', 'ongoing');--> statement-breakpoint
CREATE INDEX "attendances_ongoing_idx" ON "attendances" USING btree ("organization_id","va_id") WHERE status = 'ongoing';