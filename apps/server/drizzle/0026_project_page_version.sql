-- A version per project page, moved by the database itself on every change the page shows (decision 037):
-- the project's row, its check-ins, its owner's username. The anonymous project page is cached under
-- (project, version); one read of this column tells an instance whether its copy is still the page.
ALTER TABLE "projects" ADD COLUMN "page_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "kept_project_page_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.page_version := OLD.page_version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_page_version" BEFORE UPDATE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "kept_project_page_version_bump"();--> statement-breakpoint
CREATE FUNCTION "kept_checkin_page_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects SET page_version = page_version + 1
   WHERE id IN (NEW.project_id, OLD.project_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "project_checkins_page_version" AFTER INSERT OR UPDATE OR DELETE ON "project_checkins"
  FOR EACH ROW EXECUTE FUNCTION "kept_checkin_page_version_bump"();--> statement-breakpoint
CREATE FUNCTION "kept_owner_page_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects SET page_version = page_version + 1 WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_page_version" AFTER UPDATE OF "username" ON "users"
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION "kept_owner_page_version_bump"();
