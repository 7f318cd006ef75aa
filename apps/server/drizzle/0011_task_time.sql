CREATE TABLE "attendance_item_seconds" (
	"attendance_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"task_id" integer,
	"general_task_id" integer,
	"seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "items_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_item_seconds" ADD CONSTRAINT "attendance_item_seconds_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_item_seconds_attendance_idx" ON "attendance_item_seconds" USING btree ("attendance_id");--> statement-breakpoint
CREATE INDEX "attendance_item_seconds_task_idx" ON "attendance_item_seconds" USING btree ("task_id","attendance_id") WHERE task_id is not null;--> statement-breakpoint
CREATE INDEX "attendance_item_seconds_general_task_idx" ON "attendance_item_seconds" USING btree ("general_task_id","attendance_id") WHERE general_task_id is not null;--> statement-breakpoint
CREATE INDEX "attendances_items_uncounted_idx" ON "attendances" USING btree ("ended_at") WHERE ended_at is not null and items_counted_at is null;--> statement-breakpoint
-- A shift's counted seconds per task stay valid only while its pings, start and end stay as they were counted.
-- A write to its pings (any code path: ingest, a replay, the demo seed) clears the count in the same transaction.
-- The UPDATE is unconditional on purpose: it takes the shift's row lock, which the count takes too (FOR UPDATE),
-- so a count never commits over pings it could not see.
CREATE OR REPLACE FUNCTION attendance_items_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE attendances SET items_counted_at = NULL WHERE id IN (SELECT DISTINCT attendance_id FROM old_rows);
    DELETE FROM attendance_item_seconds WHERE attendance_id IN (SELECT DISTINCT attendance_id FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE attendances SET items_counted_at = NULL
      WHERE id IN (SELECT attendance_id FROM new_rows UNION SELECT attendance_id FROM old_rows);
    DELETE FROM attendance_item_seconds
      WHERE attendance_id IN (SELECT attendance_id FROM new_rows UNION SELECT attendance_id FROM old_rows);
  ELSE
    UPDATE attendances SET items_counted_at = NULL WHERE id IN (SELECT DISTINCT attendance_id FROM new_rows);
    DELETE FROM attendance_item_seconds WHERE attendance_id IN (SELECT DISTINCT attendance_id FROM new_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendance_pings_items_inserted AFTER INSERT ON attendance_pings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_items_stale();
--> statement-breakpoint
CREATE TRIGGER attendance_pings_items_updated AFTER UPDATE ON attendance_pings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_items_stale();
--> statement-breakpoint
CREATE TRIGGER attendance_pings_items_deleted AFTER DELETE ON attendance_pings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_items_stale();
--> statement-breakpoint
-- A start or end that moves changes what the pings count for (the time model clips to them).
CREATE OR REPLACE FUNCTION attendance_items_clip_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.started_at IS DISTINCT FROM OLD.started_at OR NEW.ended_at IS DISTINCT FROM OLD.ended_at THEN
    NEW.items_counted_at := NULL;
    DELETE FROM attendance_item_seconds WHERE attendance_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendances_items_clip_changed BEFORE UPDATE OF started_at, ended_at ON attendances
  FOR EACH ROW EXECUTE FUNCTION attendance_items_clip_changed();
