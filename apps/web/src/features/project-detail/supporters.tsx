// The project page's supporters: who gave (a name or 'Anonymous'), the amount when the donor showed
// it, and their message of encouragement; the owner can hide a message (and show it again).
import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { Supporter, SupportersResponse } from '@kept/contract';
import { formatCents, formatInstantDate, MESSAGES } from '@kept/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { api, call, isRequestError } from '../../lib/api';
import { plural } from '../../lib/plural';
import { projectDetailQueryKey } from './api';

export const SUPPORTERS_TEXT = {
  title: 'Supporters',
  empty: 'No supporters yet. Be the first to back this project.',
  emptyOwner: 'No supporters yet.',
  loadFailed: 'The supporters could not be loaded.',
  hidden: 'You hid this message. Only you can see it.',
  hide: 'Hide message',
  show: 'Show message',
} as const;

/**
 * Under the project's own key, so whatever refreshes the project refreshes its supporters; `version`
 * (the refundable total) makes a donation that moved the total read them again.
 */
export const supportersQuery = (projectId: string, version: number) =>
  queryOptions({
    queryKey: [...projectDetailQueryKey(projectId), 'supporters', version] as const,
    queryFn: ({ signal }): Promise<SupportersResponse> =>
      call(api.GET('/api/projects/{projectId}/supporters', { params: { path: { projectId } }, signal })),
  });

function useHideMessage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ donationId, hidden }: { donationId: string; hidden: boolean }) =>
      call(
        api.PUT('/api/projects/{projectId}/supporters/{donationId}/message', {
          params: { path: { projectId, donationId } },
          body: { hidden },
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueriesData<SupportersResponse>(
        { queryKey: [...projectDetailQueryKey(projectId), 'supporters'] },
        () => answer,
      );
    },
  });
}

export function SupportersList({
  projectId,
  version,
  timeZone,
}: {
  projectId: string;
  version: number;
  timeZone: string;
}) {
  const query = useQuery(supportersQuery(projectId, version));
  const hide = useHideMessage(projectId);
  const headingId = `supporters-${projectId}`;
  const hideError = hide.error
    ? isRequestError(hide.error)
      ? hide.error.message
      : MESSAGES.networkError
    : null;

  return (
    <Card className="below-the-fold p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {SUPPORTERS_TEXT.title}{' '}
          {query.data && query.data.total > 0 ? (
            <span className="ml-1 text-sm font-normal text-slate-600">
              ({plural(query.data.total, 'supporter', 'supporters')})
            </span>
          ) : null}
        </h2>
        {query.isPending ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner size="sm" /> Loading supporters…
          </p>
        ) : query.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
            <p className="text-sm text-red-800">{SUPPORTERS_TEXT.loadFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : query.data.supporters.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            {query.data.canHide ? SUPPORTERS_TEXT.emptyOwner : SUPPORTERS_TEXT.empty}
          </p>
        ) : (
          <>
            <FormError message={hideError} className="mt-4" />
            <ul className="mt-4 divide-y divide-slate-100">
              {query.data.supporters.map((supporter) => (
                <SupporterItem
                  key={supporter.donationId}
                  supporter={supporter}
                  timeZone={timeZone}
                  canHide={query.data.canHide}
                  pending={hide.isPending && hide.variables?.donationId === supporter.donationId}
                  onToggle={() =>
                    hide.mutate({ donationId: supporter.donationId, hidden: !supporter.messageHidden })
                  }
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </Card>
  );
}

function SupporterItem({
  supporter,
  timeZone,
  canHide,
  pending,
  onToggle,
}: {
  supporter: Supporter;
  timeZone: string;
  canHide: boolean;
  pending: boolean;
  onToggle: () => void;
}) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium text-slate-900">
          {supporter.name}
          {supporter.amountCents !== null ? (
            <span className="ml-1 text-sm font-semibold text-primary-800 tabular">
              {formatCents(supporter.amountCents)}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">{formatInstantDate(new Date(supporter.at), timeZone)}</p>
      </div>
      {supporter.message !== null ? (
        <blockquote
          className={
            supporter.messageHidden
              ? 'mt-1 text-sm break-words whitespace-pre-line text-slate-500 italic'
              : 'mt-1 text-sm break-words whitespace-pre-line text-slate-800'
          }
        >
          {supporter.message}
        </blockquote>
      ) : null}
      {supporter.messageHidden && supporter.message !== null ? (
        <p className="mt-1 text-xs text-slate-600">{SUPPORTERS_TEXT.hidden}</p>
      ) : null}
      {canHide && supporter.message !== null ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1 -ml-3"
          loading={pending}
          onClick={onToggle}
          aria-label={`${supporter.messageHidden ? SUPPORTERS_TEXT.show : SUPPORTERS_TEXT.hide} from ${supporter.name}`}
        >
          {supporter.messageHidden ? SUPPORTERS_TEXT.show : SUPPORTERS_TEXT.hide}
        </Button>
      ) : null}
    </li>
  );
}
