-- Jobs move to graphile-worker (decision 019), whose schema is installed before these migrations run.
-- Emails still waiting in the old queue go with them; settle jobs need not: the settlement_due task
-- queues them again from the settlements and projects tables.
SELECT graphile_worker.add_job(
  identifier => 'send_email',
  payload => json_build_object('message', "payload"->'message'),
  max_attempts => 12,
  job_key => "key",
  job_key_mode => 'unsafe_dedupe'
) FROM "jobs" WHERE "kind" = 'email' AND "status" = 'queued' AND "payload" ? 'message';--> statement-breakpoint
DROP TABLE "jobs" CASCADE;
