// /money: every charge, refund, payout and donation of the signed-in person, with its state, date and
// the payment provider's reference; each of their own payments opens a printable receipt.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MoneyEntry } from '@kept/contract';
import { formatCents, formatInstantDate, MESSAGES, REFUND_TIMING } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageContainer, PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../lib/cx';
import { moneyHistoryQuery } from './api';

export const MONEY_TEXT = {
  title: 'Money history',
  lead: 'Every charge, refund and payout of yours, with where it stands.',
  empty: 'No money has moved yet. Your deposits, donations, refunds and payouts will show here.',
  truncated: 'Only your latest 500 entries are listed.',
} as const;

const KIND_TEXT: Record<MoneyEntry['kind'], string> = {
  deposit: 'Deposit',
  donation_made: 'Donation made',
  donation_received: 'Donation received',
  refund: 'Refund',
  payout: 'Payout',
};

const STATE_TONE: Record<MoneyEntry['state'], string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  processing: 'bg-yellow-100 text-yellow-900',
  succeeded: 'bg-green-100 text-green-900',
  refunded: 'bg-green-100 text-green-900',
  paid: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

export function MoneyHistoryPage({ timeZone }: { timeZone: string }) {
  const query = useQuery(moneyHistoryQuery());
  return (
    <PageContainer width="medium">
      <PageHeader title={MONEY_TEXT.title} lead={MONEY_TEXT.lead} />
      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-primary-700" role="status">
          <Spinner />
          <span className="text-slate-700">Loading...</span>
        </div>
      ) : query.isError ? (
        <Alert tone="error" title={MESSAGES.tryAgain}>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} className="mt-2">
            Try again
          </Button>
        </Alert>
      ) : query.data.entries.length === 0 ? (
        <Card className="p-6 text-slate-700">{MONEY_TEXT.empty}</Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label={MONEY_TEXT.title}>
            {query.data.entries.map((entry) => (
              <MoneyItem key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
          {query.data.truncated ? (
            <p className="mt-4 text-sm text-slate-600">{MONEY_TEXT.truncated}</p>
          ) : null}
          <p className="mt-6 text-sm text-slate-600">{REFUND_TIMING}</p>
        </>
      )}
    </PageContainer>
  );
}

function MoneyItem({ entry, timeZone }: { entry: MoneyEntry; timeZone: string }) {
  const sign = entry.direction === 'in' ? '+' : '−';
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {KIND_TEXT[entry.kind]}
              {entry.project ? (
                <>
                  {' · '}
                  <Link
                    to={`/project/${entry.project.id}`}
                    className="text-primary-800 underline-offset-2 hover:underline"
                  >
                    {entry.project.title}
                  </Link>
                </>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">{formatInstantDate(new Date(entry.at), timeZone)}</p>
          </div>
          <div className="text-right">
            <p
              className={cx(
                'text-lg font-bold tabular',
                entry.direction === 'in' ? 'text-green-800' : 'text-slate-900',
              )}
            >
              <span className="sr-only">{entry.direction === 'in' ? 'to you' : 'charged'} </span>
              <span aria-hidden="true">{sign}</span>
              {formatCents(entry.amountCents)}
            </p>
            <span
              className={cx(
                'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
                STATE_TONE[entry.state],
              )}
            >
              {entry.stateText}
            </span>
          </div>
        </div>
        <p className="mt-2 text-sm text-slate-700">{entry.detail}</p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          {entry.reference ? (
            <p className="font-mono text-xs break-all text-slate-600">Ref. {entry.reference}</p>
          ) : (
            <span />
          )}
          {entry.receiptId ? (
            <ButtonLink
              to={`/receipt/${entry.receiptId}`}
              variant="secondary"
              size="sm"
              aria-label={`Receipt for ${KIND_TEXT[entry.kind].toLowerCase()} of ${formatCents(entry.amountCents)}`}
            >
              Receipt
            </ButtonLink>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
