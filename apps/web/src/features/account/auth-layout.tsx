import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageContainer } from '../../components/ui/page';
import { cx } from '../../lib/cx';

/** The frame of the sign-in family of screens: a heading, a lead line, the form in a card, links below. */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <PageContainer width="narrow" className="sm:py-16">
      <header className="mb-6 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900">{title}</h1>
        {lead ? <p className="mt-2 text-base text-pretty text-slate-600">{lead}</p> : null}
      </header>
      <Card className="p-5 sm:p-8">{children}</Card>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div> : null}
    </PageContainer>
  );
}

/** A text link in the primary colour. */
export function TextLink({ to, children, className }: { to: To; children: ReactNode; className?: string }) {
  return (
    <Link
      to={to}
      className={cx(
        'rounded font-semibold text-primary-700 underline-offset-2 hover:text-primary-900 hover:underline',
        className,
      )}
    >
      {children}
    </Link>
  );
}
