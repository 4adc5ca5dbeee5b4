import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/client.ts';
import { TAG_NAMES } from '@kept/domain';
import { GIN_PENDING_LIST_KB } from '../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

const TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'rate_limits',
  'projects',
  'project_search',
  'project_checkins',
  'user_favorites',
  'payments',
  'donations',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'processed_events',
  'newsletter_subscribers',
  'settlements',
  'notifications',
];

describe('database schema', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('has every table of the product', async () => {
    const { rows } = await db.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(TABLES));
  });

  it("has graphile-worker's job queue, and no queue of its own any more", async () => {
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema = 'graphile_worker' and table_name = '_private_jobs'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
    const old = await db.pool.query(`select to_regclass('public.jobs') as t`);
    expect(old.rows).toEqual([{ t: null }]);
  });

  it('stores money as bigint cents', async () => {
    const { rows } = await db.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'public' and (column_name like '%amount%' or column_name like '%cents%')
         and data_type <> 'boolean' -- a yes/no about an amount (donations.show_amount) is not money
         and table_name not in (select relname from pg_class where relispartition)`, // a partition's columns are its table's
    );
    expect(rows.map((r) => `${r.table_name}.${r.column_name}:${r.data_type}`).sort()).toEqual([
      'donations.amount_cents:bigint',
      'donations.creator_share_cents:bigint',
      'donations.platform_share_cents:bigint',
      'ledger_entries.amount_cents:bigint',
      'payments.amount_cents:bigint',
      'project_search.refundable_amount:bigint',
      'projects.deposit_amount:bigint',
      'projects.refundable_amount:bigint',
      'settlements.deposit_cents:bigint',
      'settlements.forfeit_cents:bigint',
      'settlements.late_creator_cents:bigint',
      'settlements.late_forfeit_cents:bigint',
      'settlements.late_payout_cents:bigint',
      'settlements.payout_cents:bigint',
      'settlements.payout_paid_cents:bigint',
      'settlements.pool_cents:bigint',
      'settlements.refund_cents:bigint',
      'settlements.refund_to_card_cents:bigint',
      'simulated_payment_intents.amount_cents:bigint',
      'simulated_payment_intents.amount_refunded_cents:bigint',
    ]);
  });

  it('keeps the search indexes in two status halves with small pending lists, on the search table only, and indexes a user’s payments', async () => {
    // Every trigram index on the search table: the two status halves (decision 016), and no other.
    const trigramIndexes = (table: string) =>
      db.pool.query<{ relname: string; reloptions: string[] | null; predicate: string }>(
        `select c.relname, c.reloptions, pg_get_expr(i.indpred, i.indrelid) as predicate
           from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = $1::regclass and pg_get_indexdef(i.indexrelid) like '%gin_trgm_ops%'
          order by c.relname`,
        [table],
      );
    expect((await trigramIndexes('project_search')).rows).toEqual([
      {
        relname: 'project_search_ended_trgm_idx',
        reloptions: [`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`],
        predicate: "((deleted_at IS NULL) AND (project_status <> 'active'::text))",
      },
      {
        relname: 'project_search_live_trgm_idx',
        reloptions: [`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`],
        predicate: "((deleted_at IS NULL) AND (project_status = 'active'::text))",
      },
    ]);
    // projects no longer carries the words' indexes: its updates (every donation and check-in) no
    // longer add to them (decision 059).
    expect((await trigramIndexes('projects')).rows).toEqual([]);
    // One partition per tag, and one for any other, each split into live and ended (decision 062).
    const { rows: partitions } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_inherits where inhparent = 'project_search'::regclass`,
    );
    expect(partitions).toEqual([{ n: TAG_NAMES.length + 1 }]);
    const { rows: halves } = await db.pool.query<{ bound: string; n: number }>(
      `select pg_get_expr(c.relpartbound, c.oid) as bound, count(*)::int as n
         from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent in (select inhrelid from pg_inherits where inhparent = 'project_search'::regclass)
        group by 1 order by 1`,
    );
    expect(halves).toEqual([
      { bound: 'DEFAULT', n: TAG_NAMES.length + 1 },
      { bound: "FOR VALUES IN ('active')", n: TAG_NAMES.length + 1 },
    ]);
    const { rows: userIndex } = await db.pool.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'payments_user_idx'`,
    );
    expect(userIndex[0]?.indexdef).toContain('(user_id, created_at)');
  });

  it('keeps no pending list on the usernames’ index for a search to read through', async () => {
    // Every search with words looks them up in usernames; a pending list is read whole by each such
    // search, and every update of a user (not only of the username) used to add to it (decision 061).
    await db.pool.query(
      `insert into users (id, email, username)
       select 'pending-' || n, 'pending-' || n || '@example.com', 'pending_user_' || n
         from generate_series(1, 200) as n`,
    );
    await db.pool.query(`update users set timezone = 'Europe/Paris' where id like 'pending-%'`);
    const { rows } = await db.pool.query<{ pages: number }>(
      `select gin_clean_pending_list('users_username_trgm_idx'::regclass)::int as pages`,
    );
    expect(rows).toEqual([{ pages: 0 }]);
    await db.pool.query(`delete from users where id like 'pending-%'`);
  });

  it('running the migrations again changes nothing and loses no data', async () => {
    await db.pool.query(`insert into users (id, email, username) values ('u1', 'a@example.com', 'alice')`);
    await runMigrations(db);
    const { rows } = await db.pool.query(`select username from users where id = 'u1'`);
    expect(rows).toEqual([{ username: 'alice' }]);
  });

  it('refuses a second user with the same username in another case', async () => {
    await db.pool.query(`insert into users (id, email, username) values ('u2', 'b@example.com', 'Bob')`);
    await expect(
      db.pool.query(`insert into users (id, email, username) values ('u3', 'c@example.com', 'bob')`),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses non-positive money amounts', async () => {
    await expect(
      db.pool.query(
        `insert into payments (provider, kind, provider_intent_id, idempotency_key, amount_cents) values ('simulated', 'donation', 'pi_1', 'k1', 0)`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  describe('ledger guards', () => {
    const account = async (code: string, kind: string) =>
      (
        await db.pool.query<{ id: string }>(
          `insert into ledger_accounts (code, kind) values ($1, $2) returning id`,
          [code, kind],
        )
      ).rows[0]!.id;
    let card: string;
    let fees: string;

    beforeAll(async () => {
      card = await account('card', 'external');
      fees = await account('platform-fees', 'platform_fees');
    });

    async function book(key: string, amounts: [string, number][]) {
      const client = await db.pool.connect();
      try {
        await client.query('begin');
        const tx = await client.query<{ id: string }>(
          `insert into ledger_transactions (kind, idempotency_key) values ('test', $1) returning id`,
          [key],
        );
        for (const [acc, cents] of amounts) {
          await client.query(
            `insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3)`,
            [tx.rows[0]!.id, acc, cents],
          );
        }
        await client.query('commit');
        return tx.rows[0]!.id;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    }

    it('accepts a balanced transaction', async () => {
      await book('balanced', [
        [card, -500],
        [fees, 500],
      ]);
      const { rows } = await db.pool.query(`select sum(amount_cents)::bigint as s from ledger_entries`);
      expect(rows[0].s).toBe(0);
    });

    it('refuses, at commit, a transaction whose entries do not sum to zero', async () => {
      await expect(
        book('unbalanced', [
          [card, -500],
          [fees, 499],
        ]),
      ).rejects.toThrow(/does not balance/);
      const { rows } = await db.pool.query(
        `select count(*)::int as n from ledger_transactions where idempotency_key = 'unbalanced'`,
      );
      expect(rows[0].n).toBe(0);
    });

    it('refuses to book the same effect twice', async () => {
      await book('once', [
        [card, -1],
        [fees, 1],
      ]);
      await expect(
        book('once', [
          [card, -1],
          [fees, 1],
        ]),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('keeps entries append-only', async () => {
      await expect(db.pool.query(`update ledger_entries set amount_cents = 1`)).rejects.toThrow(
        /append-only/,
      );
      await expect(db.pool.query(`delete from ledger_entries`)).rejects.toThrow(/append-only/);
      await expect(db.pool.query(`delete from ledger_transactions`)).rejects.toThrow(/append-only/);
    });
  });
});
