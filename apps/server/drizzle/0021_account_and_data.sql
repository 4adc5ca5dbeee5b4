-- Issue 24: your account and your data. Accounts made before email verification existed are treated as
-- verified (they have signed in with that address all along).
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;--> statement-breakpoint
-- A project is 'public' (listed, as before) or 'unlisted' (reachable
-- by its link only: absent from every list, count and profile, so the tallies count public projects only).
ALTER TABLE "projects" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_visibility" CHECK ("projects"."visibility" in ('public', 'unlisted'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tallies_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tallies_apply(coalesce(
    (SELECT jsonb_object_agg(tag, n) FROM (SELECT tag, count(*) AS n FROM new_rows
      WHERE deleted_at IS NULL AND visibility = 'public' GROUP BY tag) d),
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
         SELECT tag, -1 AS delta FROM old_rows WHERE deleted_at IS NULL AND visibility = 'public'
         UNION ALL
         SELECT tag, 1 AS delta FROM new_rows WHERE deleted_at IS NULL AND visibility = 'public'
       ) c GROUP BY tag HAVING sum(delta) <> 0) d),
    '{}'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tallies_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tallies_apply(coalesce(
    (SELECT jsonb_object_agg(tag, -n) FROM (SELECT tag, count(*) AS n FROM old_rows
      WHERE deleted_at IS NULL AND visibility = 'public' GROUP BY tag) d),
    '{}'::jsonb));
  RETURN NULL;
END;
$$;
