import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from './ui/card';

export const LEGAL_LAST_UPDATED = 'October 21, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Shared frame of the privacy policy and terms of service: title, date, contents, sections. */
export function LegalPage({
  title,
  intro,
  sections,
  otherPage,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  otherPage: { to: string; label: string };
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {LEGAL_LAST_UPDATED}</p>
      </header>
      <div className="prose-kept mt-6">{intro}</div>

      <Card className="mt-8 p-5 sm:p-6">
        <nav aria-label="On this page">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 list-decimal gap-x-8 pl-5 [&>li]:mb-1.5 text-sm sm:columns-2 [&>li]:break-inside-avoid">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </Card>

      <div className="prose-kept mt-4">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-24"
          >
            <h2 id={`${section.id}-heading`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>

      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
        See also our{' '}
        <Link to={otherPage.to} className="font-semibold text-primary-700 hover:underline">
          {otherPage.label}
        </Link>
        .
      </p>
    </div>
  );
}
