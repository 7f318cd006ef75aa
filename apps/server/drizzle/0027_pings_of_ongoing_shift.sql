-- Ping ingest's one statement (`in-order.repository.ts`) writes only to an ongoing shift it holds locked, whose
-- count per task is empty by construction (shifts are counted once ended, and an end that moves clears the count:
-- migration 0011). It says so for its own transaction, and the trigger that clears a shift's count skips it: on
-- every other write of pings (the locked path, a replay, an edit, the demo seed) it runs as before.
DROP TRIGGER IF EXISTS attendance_pings_items_inserted ON attendance_pings;
--> statement-breakpoint
CREATE TRIGGER attendance_pings_items_inserted AFTER INSERT ON attendance_pings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('vahub.pings_of_ongoing_shift', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION attendance_items_stale();
