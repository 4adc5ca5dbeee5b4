-- Set in place (drizzle-kit would drop and rebuild both indexes): the snapshot records the same.
ALTER INDEX "projects_search_doc_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "projects_live_search_trgm_idx" SET (gin_pending_list_limit = 256);
