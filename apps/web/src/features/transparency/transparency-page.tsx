import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatCents, formatInstantDate, MESSAGES } from '@kept/domain';
import type { TransparencyResponse } from '@kept/contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageContainer, PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { transparencyQuery } from './api';

function Figure({ label, cents, note }: { label: string; cents: number; note?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular">{formatCents(cents)}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Totals({ data }: { data: TransparencyResponse }) {
  return (
    <>
      <Section title="Money that came in">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Figure
            label="Deposits"
            cents={data.depositsReceivedCents}
            note="Refundable, by the rules each creator agreed to."
          />
          <Figure
            label="Donations"
            cents={data.donationsReceivedCents}
            note={`${formatCents(data.donationsToPoolsCents)} (80%) went into the creators' pools.`}
          />
          <Figure
            label="Processing fees"
            cents={data.processingFeesCents}
            note="4% + $0.90 of each deposit, not refundable."
          />
        </dl>
      </Section>
      <Section title="Where it is now">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Figure label="Held in live projects" cents={data.heldInPoolsCents} />
          <Figure label="Refunded to cards" cents={data.refundedCents} />
          <Figure label="Paid out to creators" cents={data.paidOutCents} />
          <Figure
            label="Owed to creators"
            cents={data.awaitingPayoutCents}
            note="Paid out, not yet arrived."
          />
          <Figure label="Kept's 20% share of donations" cents={data.platformShareCents} />
        </dl>
      </Section>
      <Section title="Forfeits, charity by charity">
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Forfeited, transferred and held, per charity</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Charity
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Forfeited
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Transferred
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Held for it
                </th>
              </tr>
            </thead>
            <tbody>
              {data.charities.map((charity) => (
                <tr key={charity.id} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {charity.site.startsWith('https://') ? (
                      <a
                        href={charity.site}
                        rel="noopener noreferrer"
                        target="_blank"
                        className="text-primary-800 underline-offset-2 hover:underline"
                      >
                        {charity.name}
                      </a>
                    ) : (
                      charity.name
                    )}
                    <span className="block text-xs font-normal text-slate-600">{charity.registration}</span>
                  </th>
                  <td className="px-3 py-2 text-right tabular">{formatCents(charity.forfeitedCents)}</td>
                  <td className="px-3 py-2 text-right tabular">{formatCents(charity.transferredCents)}</td>
                  <td className="px-3 py-2 text-right tabular">{formatCents(charity.heldCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Forfeits to the Kept Charity Fund are split equally among the charities listed, at each transfer.
        </p>
      </Section>
      <Section title="Transfers to charities">
        {data.transfers.length === 0 ? (
          <p className="text-slate-700">No transfer has been recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.transfers.map((transfer, i) => (
              <li
                key={`${transfer.reference}-${transfer.charityId}-${i}`}
                className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm"
              >
                <span>
                  <span className="font-medium">{transfer.charityName}</span>{' '}
                  <span className="text-slate-600">
                    · {formatInstantDate(new Date(transfer.at), 'UTC')} · ref. {transfer.reference}
                  </span>
                </span>
                <span className="font-semibold tabular">{formatCents(transfer.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** /transparency: where every dollar is, from Kept's ledger. */
export function TransparencyPage() {
  const query = useQuery(transparencyQuery());
  return (
    <PageContainer width="wide">
      <PageHeader
        title="Transparency"
        lead="Every figure on this page is summed from Kept's ledger, the same entries that move the money."
      />
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
      ) : (
        <>
          <p className="text-sm text-slate-600">
            As of {formatInstantDate(new Date(query.data.asOf), 'UTC')} (UTC).
          </p>
          <Totals data={query.data} />
        </>
      )}
    </PageContainer>
  );
}
