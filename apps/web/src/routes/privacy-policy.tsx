import { LegalPage, type LegalSection } from '../components/legal-page';
import { useDocumentTitle } from '../lib/use-document-title';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Kept is a web app that helps you beat procrastination: you put a refundable deposit on a goal, check
        in regularly, and get your money back when you follow through. In this policy "Kept", "we" and "us"
        mean the team that runs Kept, and "you" means anyone who uses it, whether you have an account or are
        just browsing.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We only collect what we need to run Kept:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your email address, your username, your password (stored only as
            a secure hash, never in readable form) and the timezone you choose, which we use to work out your
            check-in days.
          </li>
          <li>
            <strong>Projects and check-ins:</strong> the titles, descriptions, categories, cover photos,
            updates, photos and video links you post, and when you posted them.
          </li>
          <li>
            <strong>Payments:</strong> the amount, date and status of your deposits, refunds and donations,
            and the reference numbers our payment processor gives us. Card numbers are entered directly with
            our payment processor; we never see or store your full card details.
          </li>
          <li>
            <strong>Donations:</strong> if you donate, the name and email address you choose to give us, and
            whether you want to stay anonymous.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address, if you subscribe in the footer.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you signed in, a cookie that
            remembers the browsers you have signed in on (so that someone guessing your password cannot lock
            you out of them), and standard server logs (such as IP address, browser type and the pages
            requested) that we use to keep the service secure and working. We do not use advertising cookies
            or sell your data to anyone.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To run your account and your projects, and to show your check-in schedule and progress.</li>
        <li>
          To take deposits and donations, work out refunds and send forfeited funds to charity, as described
          in our Terms of Service.
        </li>
        <li>To send you the emails the service needs, such as password resets and project updates.</li>
        <li>
          To send you our newsletter, only if you asked for it. Every newsletter has an unsubscribe link.
        </li>
        <li>To keep Kept secure, prevent fraud and abuse, and meet our legal and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: 'what-is-public',
    title: 'What other people can see',
    body: (
      <p>
        Kept is built around public accountability. Your username, your projects, your check-ins (including
        photos and video links), the date you joined and your project's refundable amount are visible to
        everyone, including visitors who are not signed in. Your email address is never shown publicly. If you
        donate anonymously, your name is not shown to anyone. Please don't post anything in a project or
        check-in that you wouldn't want the world to see.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We share your information only with the services that help us run Kept, and only what they need:
        </p>
        <ul>
          <li>our payment processor, to take payments and make refunds;</li>
          <li>our email provider, to deliver the emails described above;</li>
          <li>our hosting and storage providers, who keep the service and your uploads online.</li>
        </ul>
        <p>
          We may also disclose information when the law requires it, or to protect the rights and safety of
          our users and of Kept. We never sell your personal information.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account information for as long as your account is open. When you delete your account, we
        erase your personal information (your email, username, check-in words and photos, favorites and
        preferences), except records we must keep by law: payment records (deposits, donations, refunds and
        payouts) are kept for 7 years for tax and accounting purposes, no longer tied to you, and are then
        deleted. A copy of your data you download is kept for 7 days, then deleted.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          You can change your username, timezone, email address and password at any time in Settings, where
          you can also download a copy of your data and delete your account. For anything else (a correction,
          a question about your data), email <a href="mailto:support@kept.app">support@kept.app</a>. We reply
          to every request within 30 days.
        </p>
        <p>You can unsubscribe from the newsletter at any time using the link in any newsletter email.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <>
        <p>
          Kept is for adults. You must be 18 or older, or the age of majority where you live if that is
          higher, to create an account, make a deposit or donate.
        </p>
        <p>
          Children under 13 are not allowed to use Kept in any way, and we do not knowingly collect personal
          information from children under 13. If we learn that we have collected information from a child
          under 13, we delete it promptly. If you believe a child under 13 has given us personal information,
          please contact us at <a href="mailto:support@kept.app">support@kept.app</a> and we will remove it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encrypted connections, hashed passwords, secure session cookies and
        limited access for our team. No online service can be perfectly secure, so please use a strong
        password that you don't use anywhere else, and tell us straight away if you think your account has
        been misused.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy, we will update the date at the top of this page. If the changes are
        significant, we will let you know by email or with a notice in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about your privacy? Email us at <a href="mailto:support@kept.app">support@kept.app</a>. Our
        support team replies within 30 days.
      </p>
    ),
  },
];

export default function PrivacyPolicyScreen() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This policy explains, in plain language, what information Kept collects
          when you use it, why, who can see it, and the choices you have.
        </p>
      }
      sections={sections}
      otherPage={{ to: '/terms-of-service', label: 'Terms of Service' }}
    />
  );
}
