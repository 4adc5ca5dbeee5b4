import { Suspense, lazy, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import House from 'lucide-react/icons/house';
import {
  ACCOUNT_DELETION_MESSAGES,
  categorySlug,
  formatCents,
  formatInstantDate,
  projectImage,
  projectLoadErrorMessage,
  projectSchedule,
  MESSAGES,
  type ProgressBand,
  type Schedule,
} from '@kept/domain';
import type { CheckInDto, ProjectDetailResponse, SettlementStatement } from '@kept/contract';
import { TagIcon } from '../../components/tag-icon';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DialogLoading } from '../../components/ui/dialog-loading';
import { SideCard } from '../../components/ui/side-card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { useOffline } from '../../lib/offline';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FavoriteButton, useFavoriteIds, useToggleFavorite } from '../favorites';
import { useProjectDetail, useRefreshProject } from './api';
import { CheckInCalendar } from './check-in-calendar';
import { ProjectTimeline } from './project-timeline';
import { SettlementCard } from './settlement-card';
import { SupportersList } from './supporters';
import { ShareMenu } from './share-menu';
import { ZoneNote } from './zone-note';

// The photo overlay loads on first use, so the page's own chunk stays small.
const loadPhoto = () => import('./photo-overlay');
const PhotoOverlay = lazy(loadPhoto);

export const PROJECT_TEXT = {
  loading: 'Loading project...',
  total: 'Total',
  noDonations: 'No donations yet',
  refundable: 'Refundable for this project',
  ended: 'Ended',
  poolAtEnd: 'Pool at the end',
  outcome: 'What happened to the money',
  checkInsPosted: 'Check-ins posted',
  periodsCountOnce: 'Several check-ins in one period count once.',
} as const;

const BAND_COLOURS: Record<ProgressBand, { bar: string; text: string }> = {
  'just-started': { bar: 'bg-sky-600', text: 'text-sky-800' },
  'in-progress': { bar: 'bg-blue-600', text: 'text-blue-800' },
  'getting-close': { bar: 'bg-violet-600', text: 'text-violet-800' },
  'almost-done': { bar: 'bg-emerald-600', text: 'text-emerald-800' },
  completed: { bar: 'bg-green-700', text: 'text-green-800' },
};

/** What the route's parts of a loaded project page are drawn from. */
export interface ProjectView {
  detail: ProjectDetailResponse;
  /** When the data was read (the page's "now"). */
  now: number;
  schedule: Schedule;
  /** Reads the total again until it changes from what it is now (after a donation). */
  watchTotal: () => void;
  /** Reads the project (and the lists it shows in) again after a change; done when it has been read. */
  refresh: () => Promise<unknown>;
}

/**
 * The parts of a project page the route composes from other features, each drawn from the loaded
 * project (none is drawn while it loads or fails).
 */
export interface ProjectPageParts {
  /** Above the picture (the thanks after a donation). */
  banner?: (view: ProjectView) => ReactNode;
  /** In the Total card, under the amount (Support This Project). */
  support?: (view: ProjectView) => ReactNode;
  /** The owner's way to check in, above the timeline and given to `side`. */
  addCheckIn?: (view: ProjectView) => ReactNode;
  /** Cards of the summary column after the refund estimate (the owner's actions and pauses). */
  side?: (view: ProjectView, addCheckIn: ReactNode) => ReactNode;
  /** Under each check-in of the timeline (the owner's way to fix one just posted). */
  checkInTools?: (view: ProjectView, checkIn: CheckInDto, number: number, automatic: boolean) => ReactNode;
}

/** The project's picture with its fixed shape; a picture that fails falls back to the tag's, then the default. */
function ProjectPicture({ imageUrl, tag }: { imageUrl: string; tag: string }) {
  const sources = [imageUrl, projectImage(null, tag), projectImage(null, null)];
  const [attempt, setAttempt] = useState(0);
  return (
    <div className="aspect-[16/9] overflow-hidden rounded-card bg-slate-100 sm:aspect-[3/1]">
      <img
        src={sources[Math.min(attempt, sources.length - 1)]}
        alt=""
        width={1200}
        height={514}
        decoding="async"
        fetchPriority="high"
        onError={() => setAttempt((value) => (value < sources.length - 1 ? value + 1 : value))}
        className="size-full object-cover"
      />
    </div>
  );
}

/**
 * The 'Total' card. While the project runs: the refundable amount with the live dot. Once it has
 * ended: the pool at the end and what became of it (refunded to the card, paid out, forfeited to
 * charity), each in the future tense until it has happened.
 */
function TotalCard({
  project,
  settlement,
  ended,
  donate,
}: {
  project: ProjectDetailResponse['project'];
  settlement: SettlementStatement | null;
  ended: boolean;
  donate: ReactNode;
}) {
  const headingId = useId();
  // Offline, the amount is the service worker's copy: never called "Live" (decision 036).
  const { shownAt } = useOffline();
  const cents = settlement ? settlement.poolCents : (project.refundableCents ?? project.depositCents ?? 0);
  // Each part in the past tense once it has happened: the card refund when the processor confirmed
  // it, the payout when paid, the forfeit when the settlement booked it.
  const outcome: Array<[string, number]> = settlement
    ? [
        [
          settlement.status === 'refunded' ? 'Refunded to the card' : 'To be refunded to the card',
          settlement.refundToCardCents,
        ],
        [
          settlement.payout.status === 'paid' ? 'Paid out to the creator' : 'To be paid out to the creator',
          settlement.payout.cents,
        ],
        [settlement.settled ? 'Forfeited to charity' : 'To be forfeited to charity', settlement.forfeitCents],
      ]
    : [];
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {PROJECT_TEXT.total}
          </h2>
          {ended || shownAt ? (
            <span className="flex items-center gap-2 text-xs font-medium text-slate-600">
              <span aria-hidden="true" className="inline-flex size-2.5 rounded-full bg-slate-400" />
              {ended ? PROJECT_TEXT.ended : 'Offline copy'}
            </span>
          ) : (
            <span className="flex items-center gap-2 text-xs font-medium text-slate-600">
              <span aria-hidden="true" className="relative flex size-2.5">
                <span className="absolute inline-flex size-full rounded-full bg-green-500 opacity-75 motion-safe:animate-ping" />
                <span className="relative inline-flex size-2.5 rounded-full bg-green-600" />
              </span>
              Live
            </span>
          )}
        </div>
        <p
          aria-live="polite"
          aria-atomic="true"
          className="mt-2 text-4xl font-bold tracking-tight text-primary-800 tabular sm:text-5xl"
          data-testid="project-total"
        >
          {/* After settlement the pool is empty: the statement keeps what it held. */}
          {formatCents(cents)}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {ended
            ? PROJECT_TEXT.poolAtEnd
            : project.depositCents <= 0
              ? PROJECT_TEXT.noDonations
              : PROJECT_TEXT.refundable}
        </p>
        {outcome.some(([, value]) => value > 0) ? (
          <ul aria-label={PROJECT_TEXT.outcome} className="mt-3 space-y-1 text-sm">
            {outcome
              .filter(([, value]) => value > 0)
              .map(([label, value]) => (
                <li key={label} className="flex items-baseline justify-between gap-4">
                  <span className="text-slate-600">{label}</span>
                  <span className="font-medium text-slate-900 tabular">{formatCents(value)}</span>
                </li>
              ))}
          </ul>
        ) : null}
        {donate}
      </section>
    </Card>
  );
}

function NotFound() {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.projectNotFoundTitle}</h1>
      <p className="mt-2 text-slate-600">{MESSAGES.projectNotFoundText}</p>
      <ButtonLink to="/" className="mt-6" icon={<House aria-hidden="true" className="size-4" />}>
        Back to Home
      </ButtonLink>
    </Card>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3 mb-4"
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      onClick={() => void (location.key === 'default' ? navigate('/') : navigate(-1))}
    >
      Back
    </Button>
  );
}

/** The project detail page (spec §2 'Project detail'). */
/**
 * The project page. `children` go under its content, drawn with it (never under the loading state, where
 * they would then be pushed down: a layout shift): the route composes what else the page shows there.
 */
export function ProjectPage({
  projectId,
  parts = {},
  children,
}: {
  projectId: string;
  parts?: ProjectPageParts;
  children?: ReactNode;
}) {
  const { query, watchTotal } = useProjectDetail(projectId);
  const notFound = query.error instanceof ApiError && query.error.code === 'not_found';
  useDocumentTitle(
    query.data ? query.data.project.title : notFound ? MESSAGES.projectNotFoundTitle : 'Project',
  );

  // The page is drawn from the data in a background render that yields to the browser every few
  // milliseconds, not in one long task when the data arrives; the loading state stays up meanwhile.
  const detail = useDeferredValue(query.data);

  if (query.isError) {
    if (notFound) return <NotFound />;
    return (
      <>
        <BackButton />
        <Card className="p-6">
          <h1 className="text-xl font-bold text-slate-900">{projectLoadErrorMessage(query.error.message)}</h1>
          <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      </>
    );
  }
  if (detail === undefined) {
    return (
      <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-700">
        <Spinner className="text-primary-700" />
        {PROJECT_TEXT.loading}
      </div>
    );
  }
  return (
    <>
      <LoadedProject detail={detail} now={query.dataUpdatedAt} watchTotal={watchTotal} parts={parts} />
      {children}
    </>
  );
}

function LoadedProject({
  detail,
  now,
  watchTotal,
  parts,
}: {
  detail: ProjectDetailResponse;
  now: number;
  watchTotal: (fromCents: number) => void;
  parts: ProjectPageParts;
}) {
  const { project, checkIns, viewer, refundIfEndedToday, settlement, commitment } = detail;
  const { summary } = project;
  const refreshProject = useRefreshProject();
  const [photo, setPhoto] = useState<{ src: string; title: string } | null>(null);
  const favoriteIds = useFavoriteIds();
  const favorite = useToggleFavorite();
  const isFavorite = favoriteIds ? favoriteIds.has(project.id) : viewer.isFavorite;

  const ended = summary.ended;
  const schedule = projectSchedule({
    createdAt: new Date(project.createdAt),
    endDate: new Date(project.endDate),
    totalLengthDays: project.totalLengthDays,
    checkInFrequencyDays: project.checkInFrequencyDays,
    timezone: project.timezone,
    pausedPeriods: commitment.pausedPeriods,
    endedEarlyAt: commitment.endedEarlyAt ? new Date(commitment.endedEarlyAt) : null,
  });
  const view: ProjectView = {
    detail,
    now,
    schedule,
    watchTotal: () => watchTotal(project.refundableCents),
    refresh: () => refreshProject(project.id),
  };
  const stoppedByOwner = commitment.cancelledAt
    ? `This project was cancelled on ${formatInstantDate(new Date(commitment.cancelledAt), project.timezone)}. Its deposit goes back to the card; the processing fee does not.`
    : commitment.endedEarlyAt
      ? `The owner ended this project early, on ${formatInstantDate(new Date(commitment.endedEarlyAt), project.timezone)}. Check-ins not done by then count as missed.`
      : null;
  const pageUrl = `${window.location.origin}/project/${encodeURIComponent(project.id)}`;
  const band = BAND_COLOURS[summary.progressBand];
  const addCheckIn = parts.addCheckIn?.(view);

  return (
    <>
      <BackButton />
      {parts.banner?.(view)}

      <ProjectPicture imageUrl={project.imageUrl} tag={project.tag} />

      <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link
            to={`/category/${categorySlug(project.tag)}`}
            className="inline-flex items-center gap-1.5 rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 ring-1 ring-primary-200 hover:bg-primary-100"
          >
            <TagIcon tag={project.tag} />
            {project.tag}
          </Link>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 [overflow-wrap:anywhere] sm:text-4xl">
            {project.title}
          </h1>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {viewer.signedIn ? (
            <FavoriteButton
              title={project.title}
              pressed={isFavorite}
              pending={favorite.isPending}
              onToggle={() => favorite.toggle(project.id, !isFavorite)}
              className="size-10"
            />
          ) : null}
          <ShareMenu url={pageUrl} title={project.title} />
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <aside className="space-y-6 lg:col-start-3 lg:row-start-1" aria-label="Project summary">
          <TotalCard
            project={project}
            settlement={ended ? settlement : null}
            ended={ended}
            donate={parts.support?.(view)}
          />

          {settlement ? (
            <SettlementCard settlement={settlement} isOwner={viewer.isOwner} timeZone={project.timezone} />
          ) : null}

          {viewer.isOwner && refundIfEndedToday && !settlement ? (
            <SideCard title="If it ended today">
              <p className="text-sm text-slate-700">You would get back</p>
              <p className="text-2xl font-bold text-slate-900 tabular">
                {formatCents(refundIfEndedToday.refundCents)}
              </p>
              <p className="mt-2 text-sm text-slate-600">
                {summary.missedCheckIns === 0
                  ? `No check-ins missed so far. Keep it up and all ${formatCents(refundIfEndedToday.poolCents)} comes back.`
                  : `${summary.missedCheckIns} of ${summary.totalCheckIns} check-ins missed so far: ${formatCents(refundIfEndedToday.forfeitCents)} would go to charity.`}
              </p>
            </SideCard>
          ) : null}

          {parts.side?.(view, addCheckIn)}

          <SideCard title="Project Info">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Creator</dt>
                <dd className="min-w-0 truncate font-medium">
                  {project.username ? (
                    <Link
                      to={`/user/${encodeURIComponent(project.username)}`}
                      className="text-primary-700 underline-offset-2 hover:underline"
                    >
                      {project.username}
                    </Link>
                  ) : (
                    // The owner deleted their account (decision 034): no name, no profile.
                    ACCOUNT_DELETION_MESSAGES.deletedUser
                  )}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{PROJECT_TEXT.checkInsPosted}</dt>
                <dd className="font-medium text-slate-900 tabular">{checkIns.length}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Forfeits go to</dt>
                <dd className="min-w-0 text-right font-medium text-slate-900">
                  {commitment.charity.site.startsWith('https://') ? (
                    <a
                      href={commitment.charity.site}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="text-primary-700 underline-offset-2 hover:underline"
                    >
                      {commitment.charity.name}
                    </a>
                  ) : (
                    <Link to="/transparency" className="text-primary-700 underline-offset-2 hover:underline">
                      {commitment.charity.name}
                    </Link>
                  )}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Last updated</dt>
                <dd className="font-medium text-slate-900">
                  {formatInstantDate(new Date(project.updatedAt), project.timezone)}
                </dd>
              </div>
            </dl>
            <ZoneNote timeZone={project.timezone} className="mt-3" />
          </SideCard>
        </aside>

        <div className="min-w-0 space-y-6 lg:col-span-2 lg:row-start-1">
          {stoppedByOwner ? (
            <p
              role="status"
              className="rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm font-medium text-slate-800"
            >
              {commitment.cancelledAt ? (
                <strong className="mr-1">Cancelled.</strong>
              ) : (
                <strong className="mr-1">Ended early.</strong>
              )}
              {stoppedByOwner}
            </p>
          ) : null}
          <Card className="p-5 sm:p-6">
            <h2 className="sr-only">About this project</h2>
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
              {project.description}
            </p>
            <div className="mt-6">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-semibold text-slate-900">Progress</span>
                <span className={cx('font-semibold', band.text)}>
                  <span className="tabular">{summary.progressPercent}%</span> · {summary.progressLabel}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={summary.progressPercent}
                aria-valuetext={`${summary.progressPercent}% · ${summary.progressLabel}`}
                className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className={cx('h-full rounded-full transition-[width]', band.bar)}
                  style={{ width: `${summary.progressPercent}%` }}
                />
              </div>
              <p className="mt-2 text-sm text-slate-600">
                {ended
                  ? `Finished with ${summary.completedCheckIns} of ${summary.totalCheckIns} check-in periods done.`
                  : `${summary.completedCheckIns} of ${summary.totalCheckIns} check-in periods done, ${summary.daysLeft} ${summary.daysLeft === 1 ? 'day' : 'days'} to go.`}
                {checkIns.length > summary.completedCheckIns ? ` ${PROJECT_TEXT.periodsCountOnce}` : ''}
              </p>
            </div>
          </Card>

          <Card className="below-the-fold p-5 sm:p-6">
            <CheckInCalendar schedule={schedule} checkIns={checkIns} now={now} />
          </Card>

          <Card className="below-the-fold p-5 sm:p-6">
            <ProjectTimeline
              project={project}
              checkIns={checkIns}
              isOwner={viewer.isOwner}
              addCheckIn={addCheckIn}
              checkInTools={
                parts.checkInTools
                  ? (checkIn, number, automatic) => parts.checkInTools?.(view, checkIn, number, automatic)
                  : undefined
              }
              onOpenPhoto={(checkIn: CheckInDto, number: number) => {
                if (!checkIn.photoUrl) return;
                void loadPhoto();
                setPhoto({ src: checkIn.photoUrl, title: `Photo of check-in #${number}` });
              }}
            />
          </Card>

          <SupportersList
            projectId={project.id}
            version={project.refundableCents}
            timeZone={project.timezone}
          />
        </div>
      </div>

      {photo ? (
        <Suspense fallback={<DialogLoading />}>
          <PhotoOverlay src={photo.src} title={photo.title} onClose={() => setPhoto(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
