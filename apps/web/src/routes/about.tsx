import {
  CREATOR_SHARE_PERCENT,
  DEPOSIT_FEE_FIXED_CENTS,
  DEPOSIT_FEE_PERCENT,
  formatCents,
} from '@kept/domain';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../lib/contact';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

/** About Us: what Kept is, who it is for, how it earns its money and how to reach us. */
export default function AboutScreen() {
  useDocumentTitle('About Us');
  return (
    <PageContainer width="medium">
      <PageHeader
        title="About Kept"
        lead="Kept helps you do the thing you keep putting off, by putting a little money on it."
      />
      <div className="prose-kept">
        <h2>What Kept is</h2>
        <p>
          You pick a goal, choose how long it runs and how often you'll check in, and put down a refundable
          deposit. Then you post check-ins (a few lines, a photo or a video) until the project ends. Keep
          every check-in and you get your whole deposit back, plus {CREATOR_SHARE_PERCENT}% of what your
          supporters donated. Miss some and your refund shrinks in proportion; the rest goes to charity.
        </p>
        <p>
          Anyone can browse projects, read profiles and donate. Kept is for adults: you must be 18 or older
          (or the age of majority where you live) to use it.
        </p>

        <h2>How Kept makes money</h2>
        <p>
          From two things only, both shown before anyone pays: the fee on each deposit ({DEPOSIT_FEE_PERCENT}%
          + {formatCents(DEPOSIT_FEE_FIXED_CENTS)}, which also covers card processing) and{' '}
          {100 - CREATOR_SHARE_PERCENT}% of each donation. Money you don't earn back goes to charity, never to
          us, so we do best when you follow through.
        </p>

        <h2>Learn more</h2>
        <ul>
          <li>
            <Link to="/how-it-works">How it works</Link>: the steps, the refund formula and a worked example.
          </li>
          <li>
            <Link to="/help">Help Center</Link>: refunds, fees, donations and support times.
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
            <Link to="/terms-of-service">Terms of Service</Link>.
          </li>
        </ul>

        <h2>Contact</h2>
        <p>
          Questions, ideas or problems: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We reply
          within 30 days, usually much sooner.
        </p>
      </div>
    </PageContainer>
  );
}
