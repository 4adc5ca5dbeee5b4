-- Issue 24, "Download my data": one row per export the user asked for. The zip itself lives at
-- ${DATA_DIR}/exports/<user_id>/<id>.zip while the row is 'ready'; the cleanup task deletes it 7 days after
-- ready_at and marks the row 'expired'. Deleting the account deletes its rows (and the folder).
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"progress_total" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"size" bigint,
	CONSTRAINT "data_exports_state" CHECK ("data_exports"."state" in ('queued', 'building', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_progress" CHECK ("data_exports"."progress" >= 0 and "data_exports"."progress" <= "data_exports"."progress_total"),
	CONSTRAINT "data_exports_ready" CHECK ("data_exports"."state" <> 'ready' or ("data_exports"."ready_at" is not null and "data_exports"."expires_at" is not null and "data_exports"."size" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at" DESC);--> statement-breakpoint
-- At most one export on its way per user: a second request while one is queued or building finds it.
CREATE UNIQUE INDEX "data_exports_one_busy_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."state" in ('queued', 'building');--> statement-breakpoint
-- The cleanup task's scan: ready exports by expiry.
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."state" = 'ready';
