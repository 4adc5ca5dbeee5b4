import { useId, useState, type ReactNode } from 'react';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Flag from 'lucide-react/icons/flag';
import Play from 'lucide-react/icons/play';
import VideoOff from 'lucide-react/icons/video-off';
import Rocket from 'lucide-react/icons/rocket';
import Clock from 'lucide-react/icons/clock';
import { formatLocalDate, formatQuantity, parseYouTubeUrl, pastLabel } from '@kept/domain';
import type { CheckInDto, ProjectDetail } from '@kept/contract';
import { ZoneNote } from './zone-note';
import { cx } from '../../lib/cx';

/** Colours of a due label (RULES.md relative dates: red overdue, yellow today, orange soon, green later). */
export const DUE_COLOURS = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
} as const;

export const TIMELINE_TEXT = {
  nextNote: 'Share your progress and keep your project on track',
  overdue: 'Check-in is overdue',
  noDuration: 'Duration not available',
  noFrequency: 'Check-in frequency not available',
  noEnd: 'End date not available',
} as const;

function Item({
  icon,
  tone = 'default',
  dashed = false,
  last = false,
  children,
}: {
  icon: ReactNode;
  tone?: 'default' | 'start' | 'end' | 'next';
  dashed?: boolean;
  last?: boolean;
  children: ReactNode;
}) {
  const dot = {
    default: 'bg-primary-700 text-white',
    start: 'bg-sky-700 text-white',
    end: 'bg-slate-700 text-white',
    next: 'border-2 border-dashed border-primary-700 bg-white text-primary-800',
  }[tone];
  return (
    <li className={cx('relative flex gap-4', !last && 'pb-6')}>
      {last ? null : (
        <span aria-hidden="true" className="absolute top-10 bottom-0 left-[19px] w-0.5 bg-slate-200" />
      )}
      <span
        aria-hidden="true"
        className={cx('relative z-10 grid size-10 shrink-0 place-items-center rounded-full', dot)}
      >
        {icon}
      </span>
      <div
        className={cx(
          'min-w-0 flex-1 rounded-xl border p-4',
          dashed ? 'border-2 border-dashed border-primary-300 bg-primary-50/50' : 'border-slate-200 bg-white',
        )}
      >
        {children}
      </div>
    </li>
  );
}

/**
 * The project's story: started (duration and frequency), every check-in numbered with its date, text,
 * photo and video, for the owner the next check-in due, and the end date.
 */
export function ProjectTimeline({
  project,
  checkIns,
  isOwner,
  onOpenPhoto,
  addCheckIn,
  checkInTools,
}: {
  project: ProjectDetail;
  checkIns: readonly CheckInDto[];
  isOwner: boolean;
  onOpenPhoto: (checkIn: CheckInDto, number: number) => void;
  /** The owner's Add Check-in button, shown in the Next Check-in item. */
  addCheckIn?: ReactNode;
  /** Under each check-in (the owner's way to fix one); `automatic` is Kept's own first check-in. */
  checkInTools?: ((checkIn: CheckInDto, number: number, automatic: boolean) => ReactNode) | undefined;
}) {
  const headingId = useId();
  const { summary } = project;
  const next = summary.nextCheckIn;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Project Timeline
      </h2>
      <ZoneNote timeZone={project.timezone} className="mt-1" />
      <ol className="mt-4">
        <Item icon={<Rocket className="size-5" />} tone="start">
          <h3 className="font-semibold text-slate-900">Project Started</h3>
          <p className="text-sm text-slate-600">{formatLocalDate(summary.startDate, { long: true })}</p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Duration: </dt>
              <dd className="inline">
                {project.totalLengthDays !== null
                  ? formatQuantity(project.lengthValue, project.lengthUnit)
                  : TIMELINE_TEXT.noDuration}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium">Check-in: </dt>
              <dd className="inline">
                {project.checkInFrequencyDays !== null
                  ? `every ${formatQuantity(project.frequencyValue, project.frequencyUnit)}`
                  : TIMELINE_TEXT.noFrequency}
              </dd>
            </div>
          </dl>
        </Item>

        {checkIns.map((checkIn, index) => {
          const number = index + 1;
          const video = checkIn.videoUrl ? parseYouTubeUrl(checkIn.videoUrl) : null;
          const photo = checkIn.photoThumbUrl ?? checkIn.photoUrl;
          return (
            <Item key={checkIn.id} icon={<CalendarCheck className="size-5" />}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h3 className="font-semibold text-slate-900">Check-in #{number}</h3>
                <p className="text-sm text-slate-600">
                  <time dateTime={checkIn.checkInProjectDate}>
                    {formatLocalDate(checkIn.checkInProjectDate)}
                  </time>
                  {pastLabel(checkIn.checkInProjectDate, summary.today) !==
                  formatLocalDate(checkIn.checkInProjectDate) ? (
                    <span> · {pastLabel(checkIn.checkInProjectDate, summary.today)}</span>
                  ) : null}
                </p>
              </div>
              {checkIn.updateText ? (
                <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                  {checkIn.updateText}
                </p>
              ) : null}
              {photo || video ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  {photo ? (
                    <button
                      type="button"
                      onClick={() => onOpenPhoto(checkIn, number)}
                      className="group relative block overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
                      aria-label={`Open the photo of check-in #${number} full size`}
                    >
                      <img
                        src={photo}
                        alt={`Photo of check-in #${number}`}
                        width={160}
                        height={120}
                        loading="lazy"
                        decoding="async"
                        className="h-28 w-36 object-cover transition-transform motion-safe:group-hover:scale-105 sm:h-30 sm:w-40"
                      />
                    </button>
                  ) : null}
                  {video ? (
                    <a
                      href={video.watchUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="group relative block overflow-hidden rounded-lg border border-slate-200 bg-slate-900"
                    >
                      <VideoThumbnail src={video.thumbnailUrl} />
                      <span className="sr-only">
                        Watch the video of check-in #{number} on YouTube (opens in a new tab)
                      </span>
                    </a>
                  ) : null}
                </div>
              ) : null}
              {checkInTools?.(checkIn, number, index === 0 && checkIn.createdAt === project.createdAt)}
            </Item>
          );
        })}

        {isOwner && next ? (
          <Item icon={<Clock className="size-5" />} tone="next" dashed>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">Next Check-in</h3>
              <span
                className={cx(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
                  DUE_COLOURS[next.colour],
                )}
              >
                {next.label}
              </span>
            </div>
            <p className="text-sm text-slate-600">{formatLocalDate(next.date, { long: true })}</p>
            <p className={cx('mt-2 text-sm', next.overdue ? 'font-semibold text-red-700' : 'text-slate-700')}>
              {next.overdue ? TIMELINE_TEXT.overdue : TIMELINE_TEXT.nextNote}
            </p>
            {addCheckIn ? <div className="mt-3">{addCheckIn}</div> : null}
          </Item>
        ) : null}

        <Item icon={<Flag className="size-5" />} tone="end" last>
          <h3 className="font-semibold text-slate-900">Project End Date</h3>
          <p className="text-sm text-slate-600">
            {summary.endDate ? formatLocalDate(summary.endDate, { long: true }) : TIMELINE_TEXT.noEnd}
          </p>
        </Item>
      </ol>
    </section>
  );
}

/**
 * A YouTube video's thumbnail with its play badge. When the picture cannot be loaded (the video was
 * removed, or YouTube is out of reach) a labelled panel of the same size takes its place instead of a
 * broken image.
 */
function VideoThumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        aria-hidden="true"
        className="flex h-28 w-36 flex-col items-center justify-center gap-1.5 bg-slate-800 px-2 text-center text-white sm:h-30 sm:w-40"
      >
        <VideoOff aria-hidden="true" className="size-6 text-slate-300" />
        <span className="text-sm font-medium">YouTube video</span>
        <span className="text-xs text-slate-300">Preview unavailable</span>
      </span>
    );
  }
  return (
    <>
      <img
        src={src}
        alt=""
        width={160}
        height={120}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="h-28 w-36 object-cover opacity-90 sm:h-30 sm:w-40"
      />
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-10 place-items-center rounded-full bg-red-600 text-white shadow">
          <Play aria-hidden="true" className="size-5" fill="currentColor" />
        </span>
      </span>
    </>
  );
}
