import CalendarCheck from 'lucide-react/icons/calendar-check';
import Check from 'lucide-react/icons/check';
import Plus from 'lucide-react/icons/plus';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Target from 'lucide-react/icons/target';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { HomeBrowse } from '../features/browse/home-browse';
import { useSession } from '../features/session/use-session';
import { useDocumentTitle } from '../lib/use-document-title';

const highlights = [
  {
    Icon: Target,
    title: 'Name your goal',
    text: 'Write it down, pick how long it runs and how often you will check in.',
  },
  {
    Icon: PiggyBank,
    title: 'Put money on it',
    text: 'A refundable deposit you choose, from $10 to $1,000, gives your goal real stakes.',
  },
  {
    Icon: CalendarCheck,
    title: 'Check in, get it back',
    text: 'Post your progress on schedule. Every check-in you keep is money that comes back to you.',
  },
];

/** A worked example beside the welcome text: what a project on Kept looks like, in numbers. */
function ExampleProject() {
  const checkIns = [true, true, true, true, false];
  return (
    <Card className="p-6">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Example project</p>
      <h2 className="mt-1 text-lg font-semibold text-slate-900">Run a 10K by spring</h2>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">Deposit</dt>
          <dd className="tabular text-xl font-semibold text-slate-900">$100.00</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Refundable</dt>
          <dd className="tabular text-xl font-semibold text-primary-800">$140.00</dd>
        </div>
      </dl>
      <div className="mt-5">
        <p className="flex justify-between text-sm">
          <span className="font-medium text-slate-900">Almost Done</span>
          <span className="tabular text-slate-600">80%</span>
        </p>
        <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-2 w-4/5 rounded-full bg-primary-600" />
        </div>
      </div>
      <p className="mt-5 text-sm text-slate-700">You've checked in 4 of 5 times.</p>
      <ul className="mt-2 flex gap-2" aria-label="Check-ins">
        {checkIns.map((done, index) => (
          <li
            key={index}
            className={
              done
                ? 'grid size-8 place-items-center rounded-full bg-primary-700 text-white'
                : 'grid size-8 place-items-center rounded-full border-2 border-dashed border-slate-300 text-slate-500'
            }
          >
            {done ? <Check aria-hidden="true" className="size-4" /> : null}
            <span className="sr-only">{done ? 'Done' : 'Next'}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AnonymousWelcome() {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-primary-50 to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid items-center gap-10 lg:grid-cols-[1fr_22rem]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">Welcome to Kept</p>
            <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl">
              Beat procrastination with money on the line
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-700">
              Set a goal, put down a refundable deposit and check in as you go. Follow through and you get
              your money back. Others can cheer you on and chip in along the way.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/login" size="lg">
                Get Started
              </ButtonLink>
              <ButtonLink to="/how-it-works" size="lg" variant="secondary">
                How it works
              </ButtonLink>
            </div>
          </div>
          <div className="hidden lg:block">
            <ExampleProject />
          </div>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-3">
          {highlights.map(({ Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <Icon aria-hidden="true" className="size-6 text-primary-700" />
                <h2 className="mt-3 font-semibold text-slate-900">{title}</h2>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SignedInWelcome({ username }: { username: string | null }) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-primary-50 to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {/* Usernames run to 30 characters without a break: let them wrap on narrow phones. */}
        <h1 className="text-3xl font-bold tracking-tight text-balance wrap-break-word text-slate-900 sm:text-4xl">
          {username ? `Welcome back, ${username}!` : 'Welcome back!'}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Keep your streak going: check in on your projects, or start something new.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/my-projects" size="lg">
            My Projects
          </ButtonLink>
          <ButtonLink
            to="/create-project"
            size="lg"
            variant="secondary"
            icon={<Plus aria-hidden="true" className="size-5" />}
          >
            Create Project
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

export default function HomeScreen() {
  const { user } = useSession();
  useDocumentTitle();

  return (
    <>
      {user ? <SignedInWelcome username={user.username} /> : <AnonymousWelcome />}
      <section aria-labelledby="browse-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="browse-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Browse projects
        </h2>
        <p className="mt-1 mb-6 text-slate-600">
          See what people are committing to, and support the ones you believe in.
        </p>
        <HomeBrowse />
      </section>
    </>
  );
}
