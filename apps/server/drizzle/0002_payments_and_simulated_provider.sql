CREATE TABLE "simulated_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"amount_refunded_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_intents_amount_positive" CHECK ("simulated_payment_intents"."amount_cents" > 0),
	CONSTRAINT "simulated_intents_refund_bounds" CHECK ("simulated_payment_intents"."amount_refunded_cents" >= 0 and "simulated_payment_intents"."amount_refunded_cents" <= "simulated_payment_intents"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_secret_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_intents_idempotency_key" ON "simulated_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_unapplied_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('requires_payment', 'processing', 'failed');