import type { ReactNode } from 'react';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import HandCoins from 'lucide-react/icons/hand-coins';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import PencilLine from 'lucide-react/icons/pencil-line';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Scale from 'lucide-react/icons/scale';
import TrendingUp from 'lucide-react/icons/trending-up';
import Wallet from 'lucide-react/icons/wallet';
import { lengthRangesText } from '@kept/domain';
import { ButtonLink } from '../components/ui/button';
import { SIGNED_IN_HOME } from '../features/session/require-auth';
import { useSession } from '../features/session/use-session';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';

const steps = [
  {
    Icon: PencilLine,
    title: 'Create your project',
    body: (
      <>
        Name the goal you keep putting off, describe what "done" looks like and pick a category. Then choose
        how long the project runs ({lengthRangesText()}) and how often you'll check in. Check-ins can be as
        frequent as every day and as far apart as half the project's length. Choose carefully: the length and
        check-in frequency can't be changed once the project is created.
      </>
    ),
  },
  {
    Icon: Wallet,
    title: 'Make a financial commitment',
    body: (
      <>
        Put down a refundable deposit: $20 (Starter), $50, $100, $250, $500 (All in), or any amount from $10
        to $1,000. Commitments of $20 to $250 or more are common; pick the amount that would genuinely sting
        to lose. You'll see the exact charge, fees included, before you pay.
      </>
    ),
  },
  {
    Icon: CalendarCheck,
    title: 'Check in regularly',
    body: (
      <>
        Post an update on schedule: a few lines of text, a photo, or a YouTube link. Your first check-in is
        written for you when the project starts. A check-in that comes after its window has closed counts as
        missed, so stay on time. Friends and strangers can follow along and donate to your project.
      </>
    ),
  },
  {
    Icon: PiggyBank,
    title: 'Get your money back',
    body: (
      <>
        When your project ends, you get back your deposit plus 80% of any donations, reduced only by the share
        of check-ins you missed. Keep every check-in and you get it all back. Money you don't earn back goes
        to charity, never into our pocket.
      </>
    ),
  },
];

const benefits = [
  {
    Icon: TrendingUp,
    title: 'Real stakes, real motivation',
    text: "Losing money we've already put down feels worse than missing out on a reward. Kept turns that instinct into momentum.",
  },
  {
    Icon: HeartHandshake,
    title: 'Accountability you can see',
    text: 'Regular public check-ins keep you honest, and every update shows supporters how far you have come.',
  },
  {
    Icon: Scale,
    title: 'Fair and transparent',
    text: 'One simple formula decides your refund, fees are shown before you pay, and forfeited money goes to charity.',
  },
];

const faqs: Array<{ question: string; answer: ReactNode }> = [
  {
    question: 'How much should I put down?',
    answer: (
      <p>
        It's up to you. Most people choose between $20 and $250, some go further. The presets are $20, $50,
        $100, $250 and $500, and a custom deposit can be anything from $10 to $1,000. The right amount is one
        you'd really rather not lose.
      </p>
    ),
  },
  {
    question: 'What counts as a missed check-in?',
    answer: (
      <p>
        Your project is divided into check-in windows, one per check-in. If a window closes without a check-in
        from you, it counts as missed. Checking in late doesn't rescue a window that has already closed, and
        several check-ins in the same window still count once.
      </p>
    ),
  },
  {
    question: 'Can I change my project after creating it?',
    answer: (
      <p>
        You can edit the name, description, category and cover photo at any time. The length and check-in
        frequency are permanent once the project is created, so the rules can't shift halfway through.
      </p>
    ),
  },
  {
    question: 'Which fees are not refundable?',
    answer: (
      <p>
        The fees added on top of your deposit (4% plus $0.90) are not refunded; they cover card processing,
        which typically costs 2.9% + $0.30 per payment, and running Kept. The refund formula always works on
        your deposit and donations, never on the fees.
      </p>
    ),
  },
  {
    question: 'How long do refunds take?',
    answer: (
      <p>
        Once your project ends, refunds are processed within 5–10 business days. The deposit part goes back to
        the card you paid with.
      </p>
    ),
  },
  {
    question: 'Can people who donate get their money back?',
    answer: (
      <p>
        No, donations are non-refundable. Of every donation, 80% is added to the creator's refundable amount
        and 20% supports the platform.
      </p>
    ),
  },
  {
    question: 'What happens to the money I do not get back?',
    answer: (
      <p>
        It goes to charity. Kept never keeps forfeited deposits; we earn from fees and our share of donations,
        so we want you to succeed.
      </p>
    ),
  },
  {
    question: 'Who can use Kept?',
    answer: (
      <p>
        Kept is for adults: you must be 18 or older (or the age of majority where you live). Children under 13
        may not use Kept at all.
      </p>
    ),
  },
];

export default function HowItWorksScreen() {
  useDocumentTitle('How it works');
  const { user } = useSession();

  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-primary-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl">
            How Kept works
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700">
            Put money on your goal, check in as you go, and get it back when you follow through. Here is
            everything you need to know, including exactly how your refund is worked out.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <section aria-labelledby="steps-heading">
          <h2 id="steps-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Four steps to following through
          </h2>
          <ol className="mt-8 grid gap-5 md:grid-cols-2">
            {steps.map(({ Icon, title, body }, index) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <div className="flex items-center gap-3">
                    <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-700 font-bold text-white">
                      {index + 1}
                    </span>
                    <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                    <Icon aria-hidden="true" className="ml-auto size-6 shrink-0 text-primary-700" />
                  </div>
                  <p className="mt-4 text-slate-700">{body}</p>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="refund-heading" className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 id="refund-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              How your refund is worked out
            </h2>
            <p className="mt-4 text-slate-700">
              Your refundable amount starts as your deposit and grows by 80% of every donation you receive. At
              the end, you keep the share of it that matches the share of check-ins you made.
            </p>
            <p className="mt-6 rounded-xl border border-primary-200 bg-primary-50 p-4 text-center font-semibold text-primary-900 sm:text-lg">
              Refund = (deposit + 80% of donations) × (1 − missed check-ins ÷ total check-ins)
            </p>
            <p className="mt-4 text-slate-700">
              Finish with every check-in done and you get back your whole deposit, plus a bonus: 80% of
              everything your supporters donated.
            </p>
          </div>
          <Card className="p-6">
            <h3 className="text-lg font-semibold text-slate-900">An example</h3>
            <p className="mt-2 text-slate-700">
              You commit $100 to a 30-day writing project with a check-in every 7 days: that makes 5
              check-ins. Friends donate $50 along the way.
            </p>
            <dl className="mt-4 divide-y divide-slate-200 text-slate-700">
              <div className="flex justify-between gap-4 py-2">
                <dt>Deposit</dt>
                <dd className="tabular font-medium whitespace-nowrap text-slate-900">$100.00</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt>80% of $50 in donations</dt>
                <dd className="tabular font-medium whitespace-nowrap text-slate-900">+ $40.00</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt>Refundable amount</dt>
                <dd className="tabular font-medium whitespace-nowrap text-slate-900">$140.00</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt>You miss 1 of 5 check-ins</dt>
                <dd className="tabular font-medium whitespace-nowrap text-slate-900">× (1 − 1 ÷ 5)</dd>
              </div>
              <div className="flex justify-between gap-4 py-2 text-base">
                <dt className="font-semibold text-slate-900">You get back</dt>
                <dd className="tabular font-bold whitespace-nowrap text-primary-800">$112.00</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-slate-600">
              The remaining $28.00 goes to charity. Had you made all 5 check-ins, you'd get the full $140.00.
            </p>
          </Card>
        </section>

        <section aria-labelledby="fees-heading">
          <h2 id="fees-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            What it costs
          </h2>
          <div className="mt-6 grid gap-5 md:grid-cols-2">
            <Card className="p-6">
              <Wallet aria-hidden="true" className="size-6 text-primary-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">Your deposit</h3>
              <p className="mt-2 text-slate-700">
                You're charged your deposit plus 4% plus $0.90, so a $100 deposit costs{' '}
                <span className="tabular font-semibold text-slate-900">$104.90</span> and a $20 deposit costs{' '}
                <span className="tabular font-semibold text-slate-900">$21.70</span>. The exact amount is
                shown before you pay.
              </p>
              <p className="mt-2 text-slate-700">
                Card processing is typically 2.9% + $0.30 and is non-refundable. The added fees are never
                refunded; your refund is worked out from your deposit and donations.
              </p>
            </Card>
            <Card className="p-6">
              <HandCoins aria-hidden="true" className="size-6 text-primary-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">Donations</h3>
              <p className="mt-2 text-slate-700">
                Anyone can support a project. 80% of each donation goes to the creator's refundable amount and
                20% keeps Kept running. Donations are non-refundable to the donor.
              </p>
              <p className="mt-2 text-slate-700">
                Refunds are processed within 5–10 business days after a project ends.
              </p>
            </Card>
          </div>
        </section>

        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Why it works
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {benefits.map(({ Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <Icon aria-hidden="true" className="size-6 text-primary-700" />
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-slate-700">{text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card">
            {faqs.map(({ question, answer }) => (
              <details key={question} className="group px-5 py-1 sm:px-6">
                <summary className="flex list-none items-center justify-between gap-4 rounded py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                  {question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="pb-4 text-slate-700">{answer}</div>
              </details>
            ))}
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Still wondering about something?{' '}
            <a href="mailto:support@kept.app" className="font-semibold text-primary-700 hover:underline">
              Email support@kept.app
            </a>
            ; we reply within 30 days, usually much sooner.
          </p>
        </section>

        <section
          aria-labelledby="cta-heading"
          className="rounded-2xl bg-primary-800 px-6 py-10 text-center text-white sm:px-12 sm:py-14 [&_:focus-visible]:outline-white"
        >
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to follow through?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-primary-50">
            Pick the goal you've been putting off and give it stakes. Or see what others are working on first.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={user ? SIGNED_IN_HOME : '/login'} size="lg" variant="secondary">
              Get Started
            </ButtonLink>
            <ButtonLink to="/" size="lg" variant="on-dark">
              Browse projects
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
