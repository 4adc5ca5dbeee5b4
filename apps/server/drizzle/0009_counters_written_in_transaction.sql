-- A transaction that recomputes a project's counters itself after changing its check-ins (the
-- check-in path) says so with set_config('kept.counters_written', 'on', true): marking them due first
-- would only write the project row twice.
CREATE OR REPLACE FUNCTION project_counters_mark_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kept.counters_written', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE projects SET counters_valid_until = '-infinity'
   WHERE id IN (SELECT DISTINCT project_id FROM changed_rows) AND counters_valid_until <> '-infinity';
  RETURN NULL;
END;
$$;
