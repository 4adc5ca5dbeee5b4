import {
  CREATOR_SHARE_PERCENT,
  CUSTOM_DEPOSIT_MAX_CENTS,
  CUSTOM_DEPOSIT_MIN_CENTS,
  DEPOSIT_FEE_FIXED_CENTS,
  DEPOSIT_FEE_PERCENT,
  MIN_DONATION_CENTS,
  depositChargeCents,
  formatCents,
  DEPOSIT_PRESETS,
  refundCents,
} from '@kept/domain';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../lib/contact';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

const PLATFORM_SHARE_PERCENT = 100 - CREATOR_SHARE_PERCENT;
const FEE = `${DEPOSIT_FEE_PERCENT}% + ${formatCents(DEPOSIT_FEE_FIXED_CENTS)}`;
/** The worked example: a $100 deposit, $50 of donations, 1 of 5 check-ins missed. */
const EXAMPLE_POOL_CENTS = 10_000 + (5_000 * CREATOR_SHARE_PERCENT) / 100;
const EXAMPLE_REFUND_CENTS = refundCents(EXAMPLE_POOL_CENTS, 5, 1);

const sections = [
  { id: 'money', title: 'How money moves' },
  { id: 'refunds', title: 'Refunds' },
  { id: 'fees', title: 'Fees' },
  { id: 'donations', title: 'Donations' },
  { id: 'check-ins', title: 'Check-ins' },
  { id: 'contact', title: 'Contact and support times' },
] as const;

/** The Help Center: how the money works, refunds, fees, donations and how to reach support. */
export default function HelpScreen() {
  useDocumentTitle('Help Center');
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Help Center"
        lead="Straight answers about your deposit, your refund, fees and donations, and how to reach us."
      />
      <nav
        aria-label="On this page"
        className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
      >
        <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
        <ul className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="prose-kept mt-4">
        <section id="money" aria-labelledby="money-heading" className="scroll-mt-24">
          <h2 id="money-heading">How money moves</h2>
          <ul>
            <li>
              <strong>You pay a deposit</strong> when you create a project:{' '}
              {DEPOSIT_PRESETS.map((preset) => formatCents(preset.cents)).join(', ')}, or any amount from{' '}
              {formatCents(CUSTOM_DEPOSIT_MIN_CENTS)} to {formatCents(CUSTOM_DEPOSIT_MAX_CENTS)}. Your card is
              charged the deposit plus a fee of {FEE}.
            </li>
            <li>
              <strong>Your refundable amount</strong> starts as your deposit and grows by{' '}
              {CREATOR_SHARE_PERCENT}% of every donation your project receives.
            </li>
            <li>
              <strong>When the project ends</strong>, you get back the share of your refundable amount that
              matches the share of check-ins you made. The rest goes to charity; Kept never keeps it.
            </li>
          </ul>
          <p className="rounded-xl border border-primary-200 bg-primary-50 p-4 text-center font-semibold text-primary-900">
            Refund = (deposit + {CREATOR_SHARE_PERCENT}% of donations) × (1 − missed check-ins ÷ total
            check-ins)
          </p>
          <p>
            For example: a {formatCents(10_000)} deposit, {formatCents(5_000)} of donations and 1 of 5
            check-ins missed gives a refundable amount of {formatCents(EXAMPLE_POOL_CENTS)} and a refund of{' '}
            {formatCents(EXAMPLE_REFUND_CENTS)}; {formatCents(EXAMPLE_POOL_CENTS - EXAMPLE_REFUND_CENTS)} goes
            to charity. The refund is rounded down to the cent.
          </p>
        </section>

        <section id="refunds" aria-labelledby="refunds-heading" className="scroll-mt-24">
          <h2 id="refunds-heading">Refunds</h2>
          <p>
            Refunds are processed within 5–10 business days after your project ends. The part of your refund
            up to your deposit goes back to the card you paid with. Anything above your deposit comes from
            your supporters' donations and is paid out to you.
          </p>
          <p>
            The fee added to your deposit is never refunded, whatever happens to the project. Your project
            page shows the refund, what was paid out and what went to charity once the project is settled.
          </p>
        </section>

        <section id="fees" aria-labelledby="fees-heading" className="scroll-mt-24">
          <h2 id="fees-heading">Fees</h2>
          <p>
            Creating a project costs your deposit plus {FEE}: a {formatCents(2_000)} deposit is charged{' '}
            {formatCents(depositChargeCents(2_000))}, a {formatCents(10_000)} deposit{' '}
            {formatCents(depositChargeCents(10_000))}. You see the exact charge before you pay. The fee covers
            card processing, which typically costs 2.9% + $0.30 per payment and is not refundable, and running
            Kept.
          </p>
        </section>

        <section id="donations" aria-labelledby="donations-heading" className="scroll-mt-24">
          <h2 id="donations-heading">Donations</h2>
          <p>
            Anyone can support a project, with or without an account. Of every donation,{' '}
            {CREATOR_SHARE_PERCENT}% is added to the creator's refundable amount and {PLATFORM_SHARE_PERCENT}%
            keeps Kept running. The smallest donation is {formatCents(MIN_DONATION_CENTS)}. Donations are
            non-refundable to the donor, and you can give anonymously.
          </p>
        </section>

        <section id="check-ins" aria-labelledby="check-ins-heading" className="scroll-mt-24">
          <h2 id="check-ins-heading">Check-ins</h2>
          <p>
            Your project is split into check-in windows, one per check-in; the first is written for you when
            the project starts. A window that closes without a check-in counts as missed, and a late check-in
            does not rescue it. The length and check-in frequency can't be changed once the project is
            created. <Link to="/how-it-works">How it works</Link> walks through it step by step.
          </p>
        </section>

        <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-24">
          <h2 id="contact-heading">Contact and support times</h2>
          <p>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your username and, for a
            project, its link. We reply within 30 days, usually much sooner. Payment records are kept for 7
            years, so we can answer questions about any payment you made.
          </p>
        </section>
      </div>
    </PageContainer>
  );
}
