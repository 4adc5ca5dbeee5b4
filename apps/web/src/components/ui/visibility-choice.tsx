import { useId } from 'react';
import { PROJECT_VISIBILITIES, PROJECT_VISIBILITY_LABELS, type ProjectVisibility } from '@kept/domain';
import { cx } from '../../lib/cx';

/**
 * Who can find a project: Public or Unlisted, as two radio buttons with their hints (issue 24). Used by
 * the create form (a field of the draft) and by the owner's edit dialog (saved on its own).
 */
export function VisibilityChoice({
  value,
  onChange,
  disabled,
  status,
}: {
  value: ProjectVisibility;
  onChange: (next: ProjectVisibility) => void;
  disabled?: boolean;
  /** A line under the choice, announced politely (e.g. 'Saved.' or an error). */
  status?: { text: string; tone: 'info' | 'error' } | null;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Who can find this project</legend>
      {PROJECT_VISIBILITIES.map((option) => {
        const id = `${name}-${option}`;
        const { label, hint } = PROJECT_VISIBILITY_LABELS[option];
        return (
          <label
            key={option}
            htmlFor={id}
            className={cx(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600',
              value === option ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300 bg-white',
              disabled && 'cursor-not-allowed opacity-70',
            )}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint`}
              className="mt-1 h-4 w-4 accent-emerald-700"
            />
            <span>
              <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
                {label}
              </span>
              <span id={`${id}-hint`} className="block text-sm text-slate-600">
                {hint}
              </span>
            </span>
          </label>
        );
      })}
      <p
        aria-live="polite"
        className={cx(
          'min-h-5 text-sm',
          status?.tone === 'error' ? 'font-medium text-red-700' : 'text-slate-600',
        )}
      >
        {status?.text ?? ''}
      </p>
    </fieldset>
  );
}
