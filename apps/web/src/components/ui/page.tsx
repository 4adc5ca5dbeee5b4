import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** Centres a page's content with the standard gutters. */
export function PageContainer({
  children,
  className,
  width = 'wide',
}: {
  children: ReactNode;
  className?: string;
  width?: 'narrow' | 'medium' | 'wide';
}) {
  const max = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-6xl' }[width];
  return (
    <div className={cx('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12 lg:px-8', max, className)}>{children}</div>
  );
}

/** The page's single h1 with an optional lead paragraph and actions. */
export function PageHeader({
  title,
  lead,
  children,
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cx('mb-8', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-lg text-pretty text-slate-600">{lead}</p> : null}
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
    </header>
  );
}
