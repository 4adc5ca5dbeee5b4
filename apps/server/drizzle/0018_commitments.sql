-- Issue 22: where forfeits go (a charity of the vetted list, or the Kept Charity Fund by default), pauses,
-- ending early, cancelling within 24 hours, and the consent stored with a deposit payment.
ALTER TABLE "payments" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_ip" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_user_agent" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "charity_id" text DEFAULT 'kept-fund' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "paused_periods" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ended_early_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cancelled_at" timestamp with time zone;