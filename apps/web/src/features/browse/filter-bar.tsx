import { useEffect, useId, useState, type ReactNode } from 'react';
import Search from 'lucide-react/icons/search';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { TAGS, activeFilterCount, defaultFilters, type ProjectFilters } from '@kept/domain';
import { Button } from '../../components/ui/button';
import { TagIcon } from '../../components/tag-icon';
import { Card } from '../../components/ui/card';
import { cx } from '../../lib/cx';
import {
  draftFromFilters,
  filtersFromDraft,
  filtersQueryString,
  draftValueError,
  SEARCH_TEXT_MAX_LENGTH,
  type FilterDraft,
} from './filters';

/** Typing settles for this long before the filters (and the URL) change. */
export const FILTER_TYPING_DELAY_MS = 400;

type TextField = Exclude<keyof FilterDraft, 'categoryTags' | 'includeCompleted'>;

export interface FilterBarProps {
  /** The filter set in force (from the URL). */
  filters: ProjectFilters;
  onChange: (filters: ProjectFilters) => void;
  /** The count line ('X of Y projects found'), once known. */
  summary?: ReactNode;
}

function countAdvanced(filters: ProjectFilters): number {
  return activeFilterCount(filters) - (filters.searchText.trim() === '' ? 0 : 1);
}

/**
 * The home page's filters (spec §3): the search box, an expandable 'Advanced Filters' area and
 * 'Clear All'. What is typed settles briefly before it applies; ticks apply at once. The filter set in
 * force lives in the URL (the parent's `filters`): when it changes from elsewhere (Back, a shared
 * link), the form follows.
 */
export function FilterBar({ filters, onChange, summary }: FilterBarProps) {
  const panelId = useId();
  const searchId = useId();
  const appliedKey = filtersQueryString(filters);
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [open, setOpen] = useState(() => countAdvanced(filters) > 0);
  // The applied filters we have seen, and the last ones this form applied itself.
  const [seenKey, setSeenKey] = useState(appliedKey);
  const [ownKey, setOwnKey] = useState(appliedKey);
  if (appliedKey !== seenKey) {
    setSeenKey(appliedKey);
    if (appliedKey !== ownKey) {
      setOwnKey(appliedKey);
      setDraft(draftFromFilters(filters));
    }
  }

  function apply(next: FilterDraft) {
    const nextFilters = filtersFromDraft(next);
    const key = filtersQueryString(nextFilters);
    if (key === appliedKey) return;
    setOwnKey(key);
    onChange(nextFilters);
  }

  // Typed values apply once typing pauses.
  useEffect(() => {
    const key = filtersQueryString(filtersFromDraft(draft));
    if (key === appliedKey) return;
    const timer = setTimeout(() => {
      setOwnKey(key);
      onChange(filtersFromDraft(draft));
    }, FILTER_TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, appliedKey, onChange]);

  function setText(field: TextField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function setNow(next: FilterDraft) {
    setDraft(next);
    apply(next);
  }

  function toggleTag(tag: string, checked: boolean) {
    const categoryTags = checked
      ? [...draft.categoryTags.filter((name) => name !== tag), tag]
      : draft.categoryTags.filter((name) => name !== tag);
    setNow({ ...draft, categoryTags });
  }

  const draftFilters = filtersFromDraft(draft);
  const canClear = activeFilterCount(filters) > 0 || activeFilterCount(draftFilters) > 0;
  const advancedCount = countAdvanced(filters);

  const textInput = (field: TextField, label: ReactNode, props: Partial<InputProps> = {}) => (
    <FilterInput
      label={label}
      value={draft[field]}
      error={draftValueError(draft, field)}
      onChange={(value) => setText(field, value)}
      {...props}
    />
  );

  return (
    <Card className="p-4 sm:p-5">
      <form
        role="search"
        aria-label="Filter projects"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search projects
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              placeholder="Search..."
              autoComplete="off"
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={draft.searchText}
              onChange={(event) => setText('searchText', event.target.value)}
              className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm"
            />
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
              icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
              className="h-11 flex-1 sm:flex-none"
            >
              Advanced Filters
              {advancedCount > 0 ? (
                <span className="tabular grid min-w-5 place-items-center rounded-full bg-primary-700 px-1.5 text-xs text-white">
                  <span className="sr-only">(</span>
                  {advancedCount}
                  <span className="sr-only"> active)</span>
                </span>
              ) : null}
            </Button>
            {canClear ? (
              <Button
                variant="ghost"
                onClick={() => setNow(draftFromFilters(defaultFilters()))}
                icon={<X aria-hidden="true" className="size-4" />}
                className="h-11"
              >
                Clear All
              </Button>
            ) : null}
          </div>
        </div>

        <div id={panelId} hidden={!open} className="mt-5 border-t border-slate-200 pt-5">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Categories</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {TAGS.map((tag) => {
                const checked = draft.categoryTags.includes(tag.name);
                return (
                  <label
                    key={tag.name}
                    className={cx(
                      'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700',
                      checked
                        ? 'border-primary-700 bg-primary-50 text-primary-900'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggleTag(tag.name, event.target.checked)}
                      className="size-4 accent-primary-700 focus-visible:outline-none"
                    />
                    <TagIcon tag={tag.name} className="text-primary-700" />
                    {tag.name}
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="mt-5 grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
            <RangeFieldset legend="Created">
              {textInput('createdDateFrom', <Named prefix="Created">from</Named>, { type: 'date' })}
              {textInput('createdDateTo', <Named prefix="Created">to</Named>, { type: 'date' })}
            </RangeFieldset>
            <RangeFieldset legend="Ends">
              {textInput('endDateFrom', <Named prefix="Ends">from</Named>, { type: 'date' })}
              {textInput('endDateTo', <Named prefix="Ends">to</Named>, { type: 'date' })}
            </RangeFieldset>
            <RangeFieldset legend="Refundable amount ($)">
              {textInput('refundAmountMin', <Named prefix="Refundable amount">min</Named>, {
                inputMode: 'decimal',
                prefix: '$',
                placeholder: 'Any',
              })}
              {textInput('refundAmountMax', <Named prefix="Refundable amount">max</Named>, {
                inputMode: 'decimal',
                prefix: '$',
                placeholder: 'Any',
              })}
            </RangeFieldset>
            <RangeFieldset legend="Missed check-ins">
              {textInput('missedCheckinsMin', <Named prefix="Missed check-ins">min</Named>, numeric)}
              {textInput('missedCheckinsMax', <Named prefix="Missed check-ins">max</Named>, numeric)}
            </RangeFieldset>
            <RangeFieldset legend="Completed check-ins">
              {textInput('completedCheckinsMin', <Named prefix="Completed check-ins">min</Named>, numeric)}
              {textInput('completedCheckinsMax', <Named prefix="Completed check-ins">max</Named>, numeric)}
            </RangeFieldset>
            <RangeFieldset legend="Length (days)">
              {textInput('projectLengthMin', <Named prefix="Length in days">min</Named>, numeric)}
              {textInput('projectLengthMax', <Named prefix="Length in days">max</Named>, numeric)}
            </RangeFieldset>
          </div>

          <label className="mt-5 inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={draft.includeCompleted}
              onChange={(event) => setNow({ ...draft, includeCompleted: event.target.checked })}
              className="size-4 accent-primary-700"
            />
            Include completed projects
          </label>
        </div>

        {summary ? (
          <div aria-live="polite" className="mt-4 text-sm text-slate-700">
            {summary}
          </div>
        ) : null}
      </form>
    </Card>
  );
}

const numeric = { inputMode: 'decimal', type: 'number', step: 'any', placeholder: 'Any' } as const;

/** A label whose visible text is short ('from') but whose accessible name is whole ('Created from'). */
function Named({ prefix, children }: { prefix: string; children: ReactNode }) {
  return (
    <>
      <span className="sr-only">{prefix} </span>
      <span className="capitalize">{children}</span>
    </>
  );
}

function RangeFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:gap-3">{children}</div>
    </fieldset>
  );
}

interface InputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, shown under the field. */
  error?: string | null;
  type?: 'text' | 'number' | 'date';
  inputMode?: 'decimal' | 'numeric';
  step?: string;
  placeholder?: string;
  prefix?: string;
}

function FilterInput({
  label,
  value,
  onChange,
  error = null,
  type = 'text',
  inputMode,
  step,
  placeholder,
  prefix,
}: InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="relative mt-1">
        {prefix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
          >
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          step={step}
          min={type === 'number' ? 0 : undefined}
          placeholder={placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cx(
            'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 sm:text-sm',
            type === 'date' ? 'px-2 sm:px-3' : prefix ? 'pr-3 pl-7' : 'px-3',
          )}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
