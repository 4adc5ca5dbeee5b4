-- Settlement, jobs and reminders (docs/decisions/007-settlement-and-jobs.md): a job queue claimed with
-- SKIP LOCKED, one settlement per project, notifications sent once per project/period/kind, and the
-- per-project lifecycle tick (projects.next_tick_at).
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"period" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('due', 'overdue', 'settlement'))
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"pool_cents" bigint NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"total_checkins" integer NOT NULL,
	"missed_checkins" integer NOT NULL,
	"refund_cents" bigint NOT NULL,
	"forfeit_cents" bigint NOT NULL,
	"refund_to_card_cents" bigint NOT NULL,
	"payout_cents" bigint NOT NULL,
	"payment_intent_id" text NOT NULL,
	"refund_key" text NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"payout_status" text NOT NULL,
	"payout_paid_cents" bigint DEFAULT 0 NOT NULL,
	"payout_id" text,
	"payout_paid_at" timestamp with time zone,
	"payout_attempts" integer DEFAULT 0 NOT NULL,
	"payout_next_attempt_at" timestamp with time zone,
	"payout_note" text,
	"late_creator_cents" bigint DEFAULT 0 NOT NULL,
	"late_payout_cents" bigint DEFAULT 0 NOT NULL,
	"late_forfeit_cents" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_state" CHECK ("settlements"."state" in ('pending', 'refunding', 'refunded', 'payout_pending', 'failed')),
	CONSTRAINT "settlements_payout_status" CHECK ("settlements"."payout_status" in ('none', 'pending', 'paid')),
	CONSTRAINT "settlements_sums" CHECK ("settlements"."pool_cents" = "settlements"."refund_cents" + "settlements"."forfeit_cents" and "settlements"."refund_cents" = "settlements"."refund_to_card_cents" + "settlements"."payout_cents" and "settlements"."late_creator_cents" = "settlements"."late_payout_cents" + "settlements"."late_forfeit_cents"),
	CONSTRAINT "settlements_nonnegative" CHECK ("settlements"."refund_to_card_cents" >= 0 and "settlements"."payout_cents" >= 0 and "settlements"."forfeit_cents" >= 0 and "settlements"."late_payout_cents" >= 0 and "settlements"."late_forfeit_cents" >= 0 and "settlements"."refund_to_card_cents" <= "settlements"."deposit_cents"),
	CONSTRAINT "settlements_payout_bounds" CHECK ("settlements"."payout_paid_cents" >= 0 and "settlements"."payout_paid_cents" <= "settlements"."payout_cents" + "settlements"."late_payout_cents"),
	CONSTRAINT "settlements_checkins" CHECK ("settlements"."total_checkins" >= 1 and "settlements"."missed_checkins" >= 0 and "settlements"."missed_checkins" < "settlements"."total_checkins")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "next_tick_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_token" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key" ON "notifications" USING btree ("project_id","period","kind");--> statement-breakpoint
CREATE INDEX "settlements_user_idx" ON "settlements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_next_tick_idx" ON "projects" USING btree ("next_tick_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_notification_token_key" ON "users" USING btree ("notification_token");