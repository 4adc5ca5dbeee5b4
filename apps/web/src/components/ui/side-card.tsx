import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Card } from './card';

/** A card of a page's side column: a small heading and what it holds. */
export function SideCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cx('p-5', className)}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
