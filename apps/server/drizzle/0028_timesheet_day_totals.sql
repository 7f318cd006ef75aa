CREATE TABLE "timesheet_day_totals" (
	"organization_id" integer NOT NULL,
	"date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"settled_version" integer,
	"count" integer DEFAULT 0 NOT NULL,
	"scheduled_minutes" integer DEFAULT 0 NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"active_minutes" integer DEFAULT 0 NOT NULL,
	"idle_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"adjustment_minutes" integer DEFAULT 0 NOT NULL,
	"billable_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "timesheet_day_totals_organization_id_date_pk" PRIMARY KEY("organization_id","date")
);
--> statement-breakpoint
ALTER TABLE "timesheet_day_totals" ADD CONSTRAINT "timesheet_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- timesheet_day_totals.version moves in the transaction of any change that can move a day's figure sums, whatever
-- code path makes it; a read recomputes the day then (see timesheets.table.ts). Keys are touched in key order so
-- two transactions lock them alike. A ping's UPDATE of an ongoing shift does not fire (its WHEN is false): ongoing
-- shifts are summed live by the reads.
CREATE OR REPLACE FUNCTION timesheet_day_totals_touch(org integer, d date) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO timesheet_day_totals AS t (organization_id, date) VALUES (org, d)
  ON CONFLICT (organization_id, date) DO UPDATE SET version = t.version + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO timesheet_day_totals AS t (organization_id, date)
  SELECT DISTINCT organization_id, date FROM timesheet_day_totals_new ORDER BY 1, 2
  ON CONFLICT (organization_id, date) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO timesheet_day_totals AS t (organization_id, date)
  SELECT DISTINCT organization_id, date FROM timesheet_day_totals_old ORDER BY 1, 2
  ON CONFLICT (organization_id, date) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO timesheet_day_totals AS t (organization_id, date)
  SELECT organization_id, date FROM timesheet_day_totals_old
  UNION SELECT organization_id, date FROM timesheet_day_totals_new ORDER BY 1, 2
  ON CONFLICT (organization_id, date) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_insert AFTER INSERT ON timesheets
  REFERENCING NEW TABLE AS timesheet_day_totals_new FOR EACH STATEMENT EXECUTE FUNCTION timesheet_day_totals_on_insert();
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_delete AFTER DELETE ON timesheets
  REFERENCING OLD TABLE AS timesheet_day_totals_old FOR EACH STATEMENT EXECUTE FUNCTION timesheet_day_totals_on_delete();
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_update AFTER UPDATE ON timesheets
  REFERENCING OLD TABLE AS timesheet_day_totals_old NEW TABLE AS timesheet_day_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION timesheet_day_totals_on_update();
--> statement-breakpoint
-- A started shift (it has a timesheet) whose figures, schedule, status, date or contract change, unless it is
-- ongoing before and after (a ping).
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.organization_id, OLD.date) < (NEW.organization_id, NEW.date) THEN
    PERFORM timesheet_day_totals_touch(OLD.organization_id, OLD.date);
    PERFORM timesheet_day_totals_touch(NEW.organization_id, NEW.date);
  ELSIF (OLD.organization_id, OLD.date) > (NEW.organization_id, NEW.date) THEN
    PERFORM timesheet_day_totals_touch(NEW.organization_id, NEW.date);
    PERFORM timesheet_day_totals_touch(OLD.organization_id, OLD.date);
  ELSE
    PERFORM timesheet_day_totals_touch(NEW.organization_id, NEW.date);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_shift AFTER UPDATE OF organization_id, date, status, contract_id,
  scheduled_start_at, scheduled_end_at, worked_seconds, active_seconds, idle_seconds, started_at ON attendances
  FOR EACH ROW WHEN ((OLD.started_at IS NOT NULL OR NEW.started_at IS NOT NULL)
    AND (OLD.status <> 'ongoing' OR NEW.status <> 'ongoing')
    AND (OLD.organization_id, OLD.date, OLD.status, OLD.contract_id, OLD.scheduled_start_at, OLD.scheduled_end_at,
      OLD.worked_seconds, OLD.active_seconds, OLD.idle_seconds)
      IS DISTINCT FROM (NEW.organization_id, NEW.date, NEW.status, NEW.contract_id, NEW.scheduled_start_at,
      NEW.scheduled_end_at, NEW.worked_seconds, NEW.active_seconds, NEW.idle_seconds))
  EXECUTE FUNCTION timesheet_day_totals_on_shift();
--> statement-breakpoint
-- Whether a contract allows overtime caps its live timesheets' counted minutes: a rare change, every day of the
-- organization is recomputed.
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_settings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.contract_id ELSE NEW.contract_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.overtime_allowed IS NOT DISTINCT FROM NEW.overtime_allowed
    AND OLD.contract_id = NEW.contract_id THEN
    RETURN NULL;
  END IF;
  UPDATE timesheet_day_totals SET version = version + 1
  WHERE organization_id IN (SELECT organization_id FROM contracts WHERE id = c OR id = OLD.contract_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_settings AFTER INSERT OR UPDATE OR DELETE ON contract_settings
  FOR EACH ROW EXECUTE FUNCTION timesheet_day_totals_on_settings();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION timesheet_day_totals_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM timesheet_day_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheet_day_totals_on_truncate AFTER TRUNCATE ON timesheets
  FOR EACH STATEMENT EXECUTE FUNCTION timesheet_day_totals_on_truncate();
--> statement-breakpoint
-- The days there already (computed on their first read).
INSERT INTO timesheet_day_totals (organization_id, date)
SELECT DISTINCT organization_id, date FROM timesheets;
