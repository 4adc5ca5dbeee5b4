import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { useDocumentTitle } from '../lib/use-document-title';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <p>
        These terms are the agreement between you and Kept when you use the Kept website and app. By creating
        an account, making a deposit, donating or otherwise using Kept, you agree to them. If you don't agree,
        please don't use Kept.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Kept',
    body: (
      <p>
        You must be at least 18 years old, or the age of majority where you live if that is higher, to create
        an account, make a deposit or donate. Children under 13 are not allowed to use Kept at all. By using
        Kept you confirm that you meet these requirements.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        Keep your password private and your email address up to date; you're responsible for what happens
        under your account. Usernames must follow our username rules and must not be offensive or pretend to
        be someone else. Tell us right away at <a href="mailto:support@kept.app">support@kept.app</a> if you
        think someone else has used your account.
      </p>
    ),
  },
  {
    id: 'projects',
    title: 'Projects and check-ins',
    body: (
      <>
        <p>
          A project has a goal, a length, a check-in frequency and a deposit. The length and check-in
          frequency are fixed once the project is created and can't be changed later. Your project is divided
          into check-in windows; each window without a check-in from you by the time it closes counts as
          missed. Late check-ins count as missed.
        </p>
        <p>
          Check-in days are worked out in your project's timezone, which comes from your settings when you
          create the project. You're responsible for checking in honestly; we may remove check-ins that are
          clearly not genuine updates.
        </p>
      </>
    ),
  },
  {
    id: 'deposits-and-fees',
    title: 'Deposits and fees',
    body: (
      <>
        <p>
          When you create a project you pay your deposit plus a fee of 4% of the deposit plus $0.90. For
          example, a $100 deposit is charged as $104.90. The exact amount is always shown before you pay.
        </p>
        <p>
          Card processing fees (typically 2.9% + $0.30 per payment) and the fees above are non-refundable.
          Only your deposit, together with your share of donations, is used to work out your refund.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>When your project ends, your refund is calculated with this formula:</p>
        <p>
          <strong>Refund = (deposit + 80% of donations) × (1 − missed check-ins ÷ total check-ins)</strong>
        </p>
        <p>
          If you complete every check-in on time, you get back your whole deposit plus 80% of the donations
          you received. Refunds are processed within 5–10 business days after your project ends. The deposit
          part is returned to the card you paid with; how long it takes to show on your statement depends on
          your bank.
        </p>
      </>
    ),
  },
  {
    id: 'forfeited-funds',
    title: 'Forfeited funds',
    body: (
      <p>
        Any part of your refundable amount that you don't earn back, because of missed check-ins or because
        you abandon the project, is forfeited and goes to charity. Kept does not keep forfeited funds.
      </p>
    ),
  },
  {
    id: 'donations',
    title: 'Donations',
    body: (
      <p>
        Anyone can donate to a project. Of each donation, 80% is added to the creator's refundable amount and
        20% is kept by Kept to run the platform. Donations are non-refundable to the donor, including when the
        creator misses check-ins. You can choose to donate anonymously.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'What you post',
    body: (
      <>
        <p>
          You keep ownership of the text, photos and links you post. You give Kept permission to store and
          show them to other people as part of the service, for as long as they are on Kept. Projects and
          check-ins are public.
        </p>
        <p>Please don't post anything that:</p>
        <ul>
          <li>is illegal, hateful, harassing, sexually explicit or violent;</li>
          <li>belongs to someone else without their permission;</li>
          <li>shares another person's private information;</li>
          <li>is spam, misleading, or an attempt to raise money under false pretences.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'records',
    title: 'Payment records',
    body: (
      <p>
        We keep records of deposits, donations, refunds and payouts for 7 years, as tax and accounting rules
        require, even if you close your account. Our <Link to="/privacy-policy">Privacy Policy</Link> explains
        what else we keep and for how long.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Closing your account',
    body: (
      <p>
        You can ask us to close your account at any time. Projects that are still running are settled under
        these terms as if they had been abandoned. We may suspend or close accounts that break these terms or
        that we reasonably believe are being used for fraud.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <p>
        We work hard to keep Kept running smoothly and your money safe, but the service is provided "as is".
        To the extent the law allows, we are not liable for indirect or consequential losses, and our total
        liability to you is limited to the amounts you paid to Kept in the twelve months before the claim.
        Nothing in these terms limits rights you have under consumer law that cannot be limited.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        If we change these terms, we will update the date at the top of this page, and tell you by email or in
        the app before significant changes take effect. Projects already running stay under the terms that
        applied when they were created.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and support',
    body: (
      <p>
        Questions about these terms, a payment or a refund? Email{' '}
        <a href="mailto:support@kept.app">support@kept.app</a>. Our support team replies within 30 days.
      </p>
    ),
  },
];

export default function TermsOfServiceScreen() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Thanks for using Kept. These terms explain the rules for using Kept, how deposits, fees, refunds and
          donations work, and what we expect from each other. We've tried to keep them short and readable.
        </p>
      }
      sections={sections}
      otherPage={{ to: '/privacy-policy', label: 'Privacy Policy' }}
    />
  );
}
