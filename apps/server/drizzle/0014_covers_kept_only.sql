-- Covers come from Kept: a cover is an upload stored by Kept or one of the project's own check-in photos.
-- A cover set to any other address (a remote URL every visitor's browser would fetch) becomes null: the
-- project shows its tag's default picture until the owner picks a cover again.
UPDATE "projects" AS p SET "image_url" = NULL
 WHERE p."image_url" IS NOT NULL
   AND p."image_url" NOT LIKE '/uploads/%'
   AND NOT EXISTS (
     SELECT 1 FROM "project_checkins" AS c WHERE c."project_id" = p."id" AND c."photo_url" = p."image_url"
   );
