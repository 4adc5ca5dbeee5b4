-- The live filter index holds only what lists may show (decision 033): with visibility in its predicate,
-- a tag's live count stays an index-only scan now that every list also asks for public projects.
DROP INDEX IF EXISTS "projects_live_filter_idx";--> statement-breakpoint
CREATE INDEX "projects_live_filter_idx" ON "projects" USING btree ("tag","refundable_amount" DESC NULLS LAST,"id","end_date","counters_valid_until","missed_checkins","completed_checkins","total_length_days","created_at") WHERE "projects"."deleted_at" is null and "projects"."project_status" = 'active' and "projects"."visibility" = 'public';
