-- Decision 024: the card refund's state and the payout's state each get a typed column (PostgreSQL
-- enums, mirrored by @kept/domain's REFUND_STATUSES and PAYOUT_STATUSES); `state`, which mixed the two,
-- becomes a column the database derives from them and nobody writes.
CREATE TYPE "public"."settlement_payout_status" AS ENUM('none', 'pending', 'paid');--> statement-breakpoint
CREATE TYPE "public"."settlement_refund_status" AS ENUM('none', 'pending', 'refunding', 'failed', 'processing', 'refunded');--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "refund_status" "settlement_refund_status";--> statement-breakpoint
-- Backfill the refund's state as the code derived it until now: nothing for the card; the states a
-- refund still to be made was in; booked but not confirmed by the provider (refunded_at null: the
-- 'check_refund' job's case); confirmed.
UPDATE "settlements" SET "refund_status" = (CASE
    WHEN "refund_to_card_cents" = 0 THEN 'none'
    WHEN "state" IN ('pending', 'refunding', 'failed') THEN "state"
    WHEN "refunded_at" IS NULL THEN 'processing'
    ELSE 'refunded' END)::"settlement_refund_status";--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "refund_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_payout_status";--> statement-breakpoint
-- The payout's state as the statement derived it, from the cents (the column said the same).
ALTER TABLE "settlements" ALTER COLUMN "payout_status" SET DATA TYPE "public"."settlement_payout_status" USING (CASE
    WHEN "payout_cents" + "late_payout_cents" = 0 THEN 'none'
    WHEN "payout_paid_cents" >= "payout_cents" + "late_payout_cents" THEN 'paid'
    ELSE 'pending' END)::"public"."settlement_payout_status";--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_state";--> statement-breakpoint
ALTER TABLE "settlements" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "state" text GENERATED ALWAYS AS (case refund_status when 'pending' then 'pending' when 'refunding' then 'refunding'
        when 'failed' then 'failed' else case when payout_status = 'pending' then 'payout_pending'
        else 'refunded' end end) STORED;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_refund_none" CHECK (("settlements"."refund_status" = 'none') = ("settlements"."refund_to_card_cents" = 0));
