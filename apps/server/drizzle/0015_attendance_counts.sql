CREATE TABLE "attendance_counts" (
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "attendance_counts_organization_id_status_date_pk" PRIMARY KEY("organization_id","status","date")
);
--> statement-breakpoint
DROP INDEX "attendances_org_date_idx";--> statement-breakpoint
ALTER TABLE "attendance_counts" ADD CONSTRAINT "attendance_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendances_org_date_start_idx" ON "attendances" USING btree ("organization_id","date","scheduled_start_at","id");--> statement-breakpoint
-- attendance_counts follows attendances in the transaction that changes them, whatever code path does it (a
-- window build, a clock-in, a sweep, fix-date, a seed): inserts and deletes by statement (one upsert per key, in
-- key order), a change of organization, date or status by row (both keys in key order, so two transactions lock
-- them alike). A ping's UPDATE names none of those columns: it does not fire.
CREATE OR REPLACE FUNCTION attendance_counts_add(org integer, st text, d date, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO attendance_counts AS c (organization_id, status, date, count) VALUES (org, st, d, delta)
  ON CONFLICT (organization_id, status, date) DO UPDATE SET count = c.count + EXCLUDED.count;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_counts AS c (organization_id, status, date, count)
  SELECT organization_id, status, date, count(*) FROM attendance_counts_new GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, status, date) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_counts AS c (organization_id, status, date, count)
  SELECT organization_id, status, date, -count(*) FROM attendance_counts_old GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, status, date) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.organization_id, OLD.status, OLD.date) < (NEW.organization_id, NEW.status, NEW.date) THEN
    PERFORM attendance_counts_add(OLD.organization_id, OLD.status, OLD.date, -1);
    PERFORM attendance_counts_add(NEW.organization_id, NEW.status, NEW.date, 1);
  ELSE
    PERFORM attendance_counts_add(NEW.organization_id, NEW.status, NEW.date, 1);
    PERFORM attendance_counts_add(OLD.organization_id, OLD.status, OLD.date, -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attendance_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendance_counts_on_insert AFTER INSERT ON attendances
  REFERENCING NEW TABLE AS attendance_counts_new FOR EACH STATEMENT EXECUTE FUNCTION attendance_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER attendance_counts_on_delete AFTER DELETE ON attendances
  REFERENCING OLD TABLE AS attendance_counts_old FOR EACH STATEMENT EXECUTE FUNCTION attendance_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER attendance_counts_on_update AFTER UPDATE OF organization_id, status, date ON attendances
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.date IS DISTINCT FROM NEW.date)
  EXECUTE FUNCTION attendance_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER attendance_counts_on_truncate AFTER TRUNCATE ON attendances
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_counts_on_truncate();
--> statement-breakpoint
-- The shifts there already.
INSERT INTO attendance_counts (organization_id, status, date, count)
SELECT organization_id, status, date, count(*) FROM attendances GROUP BY 1, 2, 3;
