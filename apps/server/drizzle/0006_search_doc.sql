DROP INDEX "projects_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (lower("projects"."title" || ' ' || "projects"."description" || ' ' || "projects"."tag")) STORED;--> statement-breakpoint
CREATE INDEX "projects_search_doc_trgm_idx" ON "projects" USING gin ("search_doc" gin_trgm_ops);