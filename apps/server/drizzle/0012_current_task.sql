ALTER TABLE "attendances" ADD COLUMN "current_task_id" integer;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "current_general_task_id" integer;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_current_task_one" CHECK ("current_task_id" IS NULL OR "current_general_task_id" IS NULL);
