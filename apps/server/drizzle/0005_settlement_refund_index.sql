CREATE INDEX "settlements_refund_idx" ON "settlements" USING btree ("refund_id");--> statement-breakpoint
-- refundable_amount now holds what was paid into the pool (deposit + 80% of donations), which
-- settlement no longer lowers: bring settled projects' figures back from the ledger.
UPDATE "projects" p SET "refundable_amount" = coalesce((
  SELECT sum(e.amount_cents) FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
   WHERE a.kind = 'project_pool' AND a.project_id = p.id AND t.kind IN ('deposit', 'donation')), 0)
 WHERE p.id IN (SELECT project_id FROM settlements);
