// /receipt/:paymentId: a printable receipt for one of the person's own payments.
import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Printer from 'lucide-react/icons/printer';
import { formatCents, formatInstantDate, MESSAGES } from '@kept/domain';
import type { ReceiptResponse } from '@kept/contract';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageContainer } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { receiptQuery } from './api';

export const RECEIPT_TEXT = { notFound: 'Receipt not found' } as const;

export function ReceiptPage({ paymentId, timeZone }: { paymentId: string; timeZone: string }) {
  const query = useQuery({ ...receiptQuery(paymentId), retry: false });
  return (
    <PageContainer width="medium">
      <ButtonLink
        to="/money"
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4 print:hidden"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to Money history
      </ButtonLink>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-primary-700" role="status">
          <Spinner />
          <span className="text-slate-700">Loading...</span>
        </div>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.code === 'not_found' ? (
          <Alert tone="error" title={RECEIPT_TEXT.notFound}>
            This receipt is not one of your payments.
          </Alert>
        ) : (
          <Alert tone="error" title={MESSAGES.tryAgain}>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()} className="mt-2">
              Try again
            </Button>
          </Alert>
        )
      ) : (
        <Receipt receipt={query.data} timeZone={timeZone} />
      )}
    </PageContainer>
  );
}

function Receipt({ receipt, timeZone }: { receipt: ReceiptResponse; timeZone: string }) {
  const date = (iso: string) => formatInstantDate(new Date(iso), timeZone, { long: true });
  return (
    <Card className="p-6 sm:p-8 print:border-0 print:shadow-none">
      <article aria-labelledby="receipt-title">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">Kept</p>
            <h1 id="receipt-title" className="mt-1 text-2xl font-bold text-slate-900">
              Receipt · {receipt.kind === 'deposit' ? 'Deposit' : 'Donation'}
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {date(receipt.at)} · {receipt.stateText}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="print:hidden"
            onClick={() => window.print()}
            icon={<Printer aria-hidden="true" className="size-4" />}
          >
            Print
          </Button>
        </header>

        <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="text-slate-600">Paid by</dt>
          <dd className="wrap-anywhere text-slate-900">
            {receipt.payer.username ? `${receipt.payer.username} · ` : ''}
            {receipt.payer.email}
          </dd>
          {receipt.project ? (
            <>
              <dt className="text-slate-600">Project</dt>
              <dd className="wrap-anywhere text-slate-900">{receipt.project.title}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Receipt number</dt>
          <dd className="font-mono break-all text-slate-900">{receipt.paymentId}</dd>
          <dt className="text-slate-600">Payment reference</dt>
          <dd className="font-mono break-all text-slate-900">
            {receipt.reference ?? '—'} (
            {receipt.provider === 'stripe' ? 'Stripe' : 'simulated card processor'})
          </dd>
          {receipt.terms ? (
            <>
              <dt className="text-slate-600">Commitment agreed to</dt>
              <dd className="text-slate-900">
                Version {receipt.terms.version}, {date(receipt.terms.agreedAt)}
              </dd>
            </>
          ) : null}
        </dl>

        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">What the amount is made of</caption>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.label} className="border-b border-slate-100">
                <th scope="row" className="py-2 text-left font-normal text-slate-700">
                  {line.label}
                </th>
                <td className="py-2 text-right tabular text-slate-900">{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-left font-semibold text-slate-900">
                Total charged (USD)
              </th>
              <td className="pt-3 text-right text-lg font-bold tabular text-slate-900">
                {formatCents(receipt.amountCents)}
              </td>
            </tr>
          </tfoot>
        </table>

        {receipt.refunds.length > 0 ? (
          <section aria-labelledby="receipt-refunds" className="mt-6">
            <h2 id="receipt-refunds" className="text-base font-semibold text-slate-900">
              Refunded to this card
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {receipt.refunds.map((refund) => (
                <li
                  key={`${refund.reference ?? ''}-${refund.at}`}
                  className="flex flex-wrap justify-between gap-2"
                >
                  <span className="min-w-0 text-slate-700">
                    {date(refund.at)} · {refund.stateText}
                    {refund.reference ? (
                      <span className="font-mono break-all"> · {refund.reference}</span>
                    ) : null}
                  </span>
                  <span className="tabular text-slate-900">{formatCents(refund.amountCents)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <ul className="mt-6 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {receipt.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </article>
    </Card>
  );
}
