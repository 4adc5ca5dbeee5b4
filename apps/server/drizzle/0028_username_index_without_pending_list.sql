-- The usernames' trigram index without a GIN pending list (decision 061): a search with words looks its
-- words up in usernames, and read the whole list each time; every update of a user (not only of the
-- username) added that username's trigrams to the list again. Set in place, then the list left by
-- earlier writes is merged into the index.
ALTER INDEX "users_username_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_username_trgm_idx');
