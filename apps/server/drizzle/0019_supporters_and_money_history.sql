-- Issue 22: supporters' messages (plain text, at most 280 characters, hideable by the owner), whether the
-- donor shows the amount, and the indexes the money history reads (a user's settlements by date, the
-- donations to a user's projects).
ALTER TABLE "donations" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "message_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_message_length" CHECK (char_length("donations"."message") between 1 and 280);--> statement-breakpoint
CREATE INDEX "donations_project_created_idx" ON "donations" USING btree ("project_id","created_at");
