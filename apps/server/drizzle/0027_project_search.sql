-- What the filtered search reads when it has search words (decision 059): each project's search document
-- and the columns the filters compare, in a narrow table kept by triggers on projects, partitioned by tag.
-- A search counts its matches by reading each one's row; here a row is about a sixth of a projects row,
-- and a tag's matches sit in that tag's partition, so the same matches are read from fewer, denser pages.
-- The search words' trigram indexes move here from projects.
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
  PRIMARY KEY ("tag", "id")
) PARTITION BY LIST ("tag");--> statement-breakpoint
CREATE TABLE "project_search_home_improvements" PARTITION OF "project_search" FOR VALUES IN ('Home Improvements');--> statement-breakpoint
CREATE TABLE "project_search_art" PARTITION OF "project_search" FOR VALUES IN ('Art');--> statement-breakpoint
CREATE TABLE "project_search_fitness" PARTITION OF "project_search" FOR VALUES IN ('Fitness');--> statement-breakpoint
CREATE TABLE "project_search_writing" PARTITION OF "project_search" FOR VALUES IN ('Writing');--> statement-breakpoint
CREATE TABLE "project_search_speaking" PARTITION OF "project_search" FOR VALUES IN ('Speaking');--> statement-breakpoint
CREATE TABLE "project_search_music" PARTITION OF "project_search" FOR VALUES IN ('Music');--> statement-breakpoint
CREATE TABLE "project_search_crafting" PARTITION OF "project_search" FOR VALUES IN ('Crafting');--> statement-breakpoint
CREATE TABLE "project_search_reading" PARTITION OF "project_search" FOR VALUES IN ('Reading');--> statement-breakpoint
-- A tag the domain does not know yet still has a place (and is still found).
CREATE TABLE "project_search_other" PARTITION OF "project_search" DEFAULT;--> statement-breakpoint
INSERT INTO "project_search"
  SELECT id, tag, user_id, refundable_amount, created_at, end_date, deleted_at, visibility, project_status,
         total_length_days, counters_valid_until, missed_checkins, completed_checkins, search_doc
    FROM "projects";--> statement-breakpoint
-- The two status halves of decision 016, as on projects before. Only a change of the words or of these
-- halves' columns touches them: a row whose amounts or counters a donation or a check-in changes can be
-- updated without them (a HOT update, when its page has room), not adding its words to the pending list.
CREATE INDEX "project_search_live_trgm_idx" ON "project_search" USING gin ("search_doc" gin_trgm_ops)
  WITH (gin_pending_list_limit=256) WHERE "deleted_at" IS NULL AND "project_status" = 'active';--> statement-breakpoint
CREATE INDEX "project_search_ended_trgm_idx" ON "project_search" USING gin ("search_doc" gin_trgm_ops)
  WITH (gin_pending_list_limit=256) WHERE "deleted_at" IS NULL AND "project_status" <> 'active';--> statement-breakpoint
-- A search word also finds the projects of creators whose username holds it.
CREATE INDEX "project_search_user_idx" ON "project_search" ("user_id");--> statement-breakpoint
CREATE FUNCTION "kept_project_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_search VALUES (NEW.id, NEW.tag, NEW.user_id, NEW.refundable_amount, NEW.created_at,
      NEW.end_date, NEW.deleted_at, NEW.visibility, NEW.project_status, NEW.total_length_days,
      NEW.counters_valid_until, NEW.missed_checkins, NEW.completed_checkins, NEW.search_doc);
  ELSIF TG_OP = 'UPDATE' THEN
    -- A new tag moves the row to that tag's partition.
    UPDATE project_search SET tag = NEW.tag, user_id = NEW.user_id, refundable_amount = NEW.refundable_amount,
      created_at = NEW.created_at, end_date = NEW.end_date, deleted_at = NEW.deleted_at,
      visibility = NEW.visibility, project_status = NEW.project_status,
      total_length_days = NEW.total_length_days, counters_valid_until = NEW.counters_valid_until,
      missed_checkins = NEW.missed_checkins, completed_checkins = NEW.completed_checkins,
      search_doc = NEW.search_doc
     WHERE tag = OLD.tag AND id = OLD.id;
  ELSE
    DELETE FROM project_search WHERE tag = OLD.tag AND id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_search_insert" AFTER INSERT ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "kept_project_search_sync"();--> statement-breakpoint
-- Most updates of a project change none of these (a check-in moves only its page version): they skip the
-- function altogether.
CREATE TRIGGER "projects_search_update" AFTER UPDATE ON "projects"
  FOR EACH ROW WHEN ((OLD.tag, OLD.user_id, OLD.refundable_amount, OLD.created_at, OLD.end_date,
    OLD.deleted_at, OLD.visibility, OLD.project_status, OLD.total_length_days, OLD.counters_valid_until,
    OLD.missed_checkins, OLD.completed_checkins, OLD.search_doc)
    IS DISTINCT FROM (NEW.tag, NEW.user_id, NEW.refundable_amount, NEW.created_at, NEW.end_date,
    NEW.deleted_at, NEW.visibility, NEW.project_status, NEW.total_length_days, NEW.counters_valid_until,
    NEW.missed_checkins, NEW.completed_checkins, NEW.search_doc))
  EXECUTE FUNCTION "kept_project_search_sync"();--> statement-breakpoint
CREATE TRIGGER "projects_search_delete" AFTER DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "kept_project_search_sync"();--> statement-breakpoint
CREATE FUNCTION "kept_project_search_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE project_search;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_search_truncate" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_project_search_truncate"();--> statement-breakpoint
DROP INDEX "projects_live_search_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_ended_search_trgm_idx";--> statement-breakpoint
ANALYZE "project_search";
