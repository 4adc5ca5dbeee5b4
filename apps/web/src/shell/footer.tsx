import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NewsletterForm } from '../features/newsletter';
import { SUPPORT_EMAIL } from '../lib/contact';
import { BrandLink } from './brand';
import { SocialLinks } from './social-links';

interface FooterLink {
  label: string;
  /** In-app path, or a mailto: address. */
  to: string;
}

const groups: Array<{ title: string; links: FooterLink[] }> = [
  {
    title: 'Product',
    links: [
      { label: 'How it works', to: '/how-it-works' },
      { label: 'Browse Projects', to: '/' },
      { label: 'Create Project', to: '/create-project' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Contact Us', to: `mailto:${SUPPORT_EMAIL}` },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Blog', to: '/blog' },
      { label: 'Careers', to: '/careers' },
      { label: 'Transparency', to: '/transparency' },
    ],
  },
];

const linkClass = 'rounded text-sm text-slate-600 hover:text-primary-800 hover:underline underline-offset-2';

function FooterAnchor({ to, children }: { to: string; children: ReactNode }) {
  return to.startsWith('mailto:') ? (
    <a href={to} className={linkClass}>
      {children}
    </a>
  ) : (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-12 lg:px-8">
        <div className="space-y-4 lg:col-span-3">
          <BrandLink />
          <p className="max-w-xs text-sm text-slate-600">
            Put money on your goals, check in as you go, and get it back when you follow through.
          </p>
          <SocialLinks />
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-5">
          {groups.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
              <ul className="mt-3 space-y-2.5">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <FooterAnchor to={link.to}>{link.label}</FooterAnchor>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <section aria-labelledby="newsletter-heading" className="lg:col-span-4">
          <h2 id="newsletter-heading" className="text-sm font-semibold text-slate-900">
            Stay in the loop
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            Occasional tips on following through, plus news about Kept. No spam.
          </p>
          <NewsletterForm />
        </section>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Kept. All rights reserved.</p>
          <p>
            Questions?{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary-700 hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
