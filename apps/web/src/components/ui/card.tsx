import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

/** A white surface with a soft border and a subtle shadow. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx('rounded-card border border-slate-200 bg-white shadow-card', className)} {...rest} />
  );
}
