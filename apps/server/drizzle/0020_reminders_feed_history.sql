-- Issue 23: reminders people control (channels, moments, quiet hours; a project may override the owner's
-- channels and moments), a private calendar feed, and check-ins by person and date for the history views.
-- reminder_prefs null = the defaults (@kept/domain DEFAULT_REMINDER_PREFS); whoever had unsubscribed keeps
-- reminder emails off.
ALTER TABLE "users" ADD COLUMN "reminder_prefs" jsonb;--> statement-breakpoint
UPDATE "users" SET "reminder_prefs" = '{"channels":{"email":false,"push":false},"timings":{"day-before":false,"morning-of":true,"overdue":true},"quietHours":null}'::jsonb WHERE "reminders_enabled" = false;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reminders_enabled";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_key" ON "users" USING btree ("calendar_token");--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "reminder_override" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('day-before', 'due', 'overdue', 'settlement'));--> statement-breakpoint
CREATE INDEX "checkins_user_date_idx" ON "project_checkins" USING btree ("user_id","check_in_project_date");
