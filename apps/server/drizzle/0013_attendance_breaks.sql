ALTER TABLE "attendances" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "break_seconds" integer DEFAULT 0 NOT NULL;