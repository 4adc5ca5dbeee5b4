CREATE INDEX "projects_ended_search_trgm_idx" ON "projects" USING gin ("search_doc" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE "projects"."deleted_at" is null and "projects"."project_status" <> 'active';--> statement-breakpoint
DROP INDEX "projects_search_doc_trgm_idx";
