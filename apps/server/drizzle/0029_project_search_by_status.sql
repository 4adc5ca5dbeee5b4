-- The search table of decision 059 with each tag's partition split by status (decision 062): the live
-- projects of a tag in one partition, the ended ones in another. A search that hides completed projects
-- (the default) counts its matches by reading each one's row; its rows are now only live ones, packed
-- together, instead of a third of the tag's rows spread among the ended two thirds. The table is made
-- again with the same columns, filled from projects, and kept by the same triggers; the function that
-- keeps it names the row by its status too, so that it looks in one partition.
DROP TABLE "project_search";--> statement-breakpoint
CREATE TABLE "project_search" (
  "id" uuid NOT NULL,
  "tag" text NOT NULL,
  "user_id" text NOT NULL,
  "refundable_amount" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "end_date" timestamp with time zone NOT NULL,
  "deleted_at" timestamp with time zone,
  "visibility" text NOT NULL,
  "project_status" text NOT NULL,
  "total_length_days" integer NOT NULL,
  "counters_valid_until" timestamp with time zone NOT NULL,
  "missed_checkins" integer NOT NULL,
  "completed_checkins" integer NOT NULL,
  "search_doc" text NOT NULL,
  PRIMARY KEY ("tag", "project_status", "id")
) PARTITION BY LIST ("tag");--> statement-breakpoint
-- One partition per tag of the domain, and a default one for a tag the domain does not know yet (still
-- found); each holds its live projects in <partition>_live and the ended ones in <partition>_ended.
DO $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES ('home_improvements', 'Home Improvements'), ('art', 'Art'), ('fitness', 'Fitness'),
      ('writing', 'Writing'), ('speaking', 'Speaking'), ('music', 'Music'), ('crafting', 'Crafting'),
      ('reading', 'Reading'), ('other', NULL)) AS t(slug, tag)
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "project_search" %s PARTITION BY LIST ("project_status")',
      'project_search_' || part.slug,
      CASE WHEN part.tag IS NULL THEN 'DEFAULT' ELSE format('FOR VALUES IN (%L)', part.tag) END);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES IN (''active'')',
      'project_search_' || part.slug || '_live', 'project_search_' || part.slug);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT',
      'project_search_' || part.slug || '_ended', 'project_search_' || part.slug);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "project_search"
  SELECT id, tag, user_id, refundable_amount, created_at, end_date, deleted_at, visibility, project_status,
         total_length_days, counters_valid_until, missed_checkins, completed_checkins, search_doc
    FROM "projects";--> statement-breakpoint
-- The two status halves of decision 016, as before: each is empty in the other half's partitions.
CREATE INDEX "project_search_live_trgm_idx" ON "project_search" USING gin ("search_doc" gin_trgm_ops)
  WITH (gin_pending_list_limit=256) WHERE "deleted_at" IS NULL AND "project_status" = 'active';--> statement-breakpoint
CREATE INDEX "project_search_ended_trgm_idx" ON "project_search" USING gin ("search_doc" gin_trgm_ops)
  WITH (gin_pending_list_limit=256) WHERE "deleted_at" IS NULL AND "project_status" <> 'active';--> statement-breakpoint
-- A search word also finds the projects of creators whose username holds it.
CREATE INDEX "project_search_user_idx" ON "project_search" ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kept_project_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_search VALUES (NEW.id, NEW.tag, NEW.user_id, NEW.refundable_amount, NEW.created_at,
      NEW.end_date, NEW.deleted_at, NEW.visibility, NEW.project_status, NEW.total_length_days,
      NEW.counters_valid_until, NEW.missed_checkins, NEW.completed_checkins, NEW.search_doc);
  ELSIF TG_OP = 'UPDATE' THEN
    -- A new tag or status moves the row to that partition.
    UPDATE project_search SET tag = NEW.tag, user_id = NEW.user_id, refundable_amount = NEW.refundable_amount,
      created_at = NEW.created_at, end_date = NEW.end_date, deleted_at = NEW.deleted_at,
      visibility = NEW.visibility, project_status = NEW.project_status,
      total_length_days = NEW.total_length_days, counters_valid_until = NEW.counters_valid_until,
      missed_checkins = NEW.missed_checkins, completed_checkins = NEW.completed_checkins,
      search_doc = NEW.search_doc
     WHERE tag = OLD.tag AND project_status = OLD.project_status AND id = OLD.id;
  ELSE
    DELETE FROM project_search WHERE tag = OLD.tag AND project_status = OLD.project_status AND id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
ANALYZE "project_search";
