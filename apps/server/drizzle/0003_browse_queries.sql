-- Browse queries (docs/decisions/005-browse-queries.md): trigram search, counters, tallies.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "project_tallies" (
	"tag" text PRIMARY KEY NOT NULL,
	"visible_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "projects_tag_refundable_idx";--> statement-breakpoint
DROP INDEX "projects_refundable_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "completed_checkins" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "missed_checkins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "counters_valid_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_length_idx" ON "projects" USING btree ("total_length_days");--> statement-breakpoint
CREATE INDEX "projects_missed_idx" ON "projects" USING btree ("missed_checkins");--> statement-breakpoint
CREATE INDEX "projects_completed_idx" ON "projects" USING btree ("completed_checkins");--> statement-breakpoint
CREATE INDEX "projects_counters_due_idx" ON "projects" USING btree ("counters_valid_until");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin (("title" || ' ' || "description" || ' ' || "tag") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_tag_refundable_idx" ON "projects" USING btree ("tag","refundable_amount" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_refundable_idx" ON "projects" USING btree ("refundable_amount" DESC NULLS LAST,"id");
--> statement-breakpoint
-- Visible projects per tag, kept exact by statement-level triggers (one upsert per tag per statement,
-- only when the statement changed a count, so ordinary updates take no lock on the tallies).
CREATE OR REPLACE FUNCTION project_tallies_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO project_tallies AS t (tag, visible_count)
  SELECT key, value::bigint FROM jsonb_each_text(deltas) WHERE value::bigint <> 0
  ON CONFLICT (tag) DO UPDATE SET visible_count = t.visible_count + excluded.visible_count;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tallies_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tallies_apply(coalesce(
    (SELECT jsonb_object_agg(tag, n) FROM (SELECT tag, count(*) AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY tag) d),
    '{}'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tallies_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tallies_apply(coalesce(
    (SELECT jsonb_object_agg(tag, n) FROM (
       SELECT tag, sum(delta) AS n FROM (
         SELECT tag, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
         UNION ALL
         SELECT tag, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
       ) c GROUP BY tag HAVING sum(delta) <> 0) d),
    '{}'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tallies_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tallies_apply(coalesce(
    (SELECT jsonb_object_agg(tag, -n) FROM (SELECT tag, count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY tag) d),
    '{}'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_tallies_insert AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_tallies_on_insert();
--> statement-breakpoint
CREATE TRIGGER project_tallies_update AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_tallies_on_update();
--> statement-breakpoint
CREATE TRIGGER project_tallies_delete AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_tallies_on_delete();
--> statement-breakpoint
-- Any change to a project's check-ins marks its counters due ('-infinity'), whoever writes them; the
-- next refresh (refreshProjectCounters in the write path, or refreshDueProjectCounters) recomputes them.
CREATE OR REPLACE FUNCTION project_counters_mark_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects SET counters_valid_until = '-infinity'
   WHERE id IN (SELECT DISTINCT project_id FROM changed_rows) AND counters_valid_until <> '-infinity';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_checkins_counters_insert AFTER INSERT ON project_checkins REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counters_mark_due();
--> statement-breakpoint
CREATE TRIGGER project_checkins_counters_update AFTER UPDATE ON project_checkins REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counters_mark_due();
--> statement-breakpoint
CREATE TRIGGER project_checkins_counters_delete AFTER DELETE ON project_checkins REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counters_mark_due();
--> statement-breakpoint
INSERT INTO project_tallies (tag, visible_count)
  SELECT tag, count(*) FROM projects WHERE deleted_at IS NULL GROUP BY tag;
