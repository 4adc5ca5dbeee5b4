-- Issue 24: changing the address and deleting the account. A deleted account keeps its row as a
-- tombstone (payments, settlements and the ledger point at it, and the law keeps those 7 years) with
-- every personal field blanked; deleted_at marks it. account_deletions records that a deletion
-- happened and when, never whose.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "account_deletions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "deleted_at" timestamp with time zone NOT NULL
);
