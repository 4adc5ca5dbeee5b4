import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { MESSAGES } from '@kept/domain';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { ConnectedProjectCard, type ProjectCardData } from '../projects';
import { usePrefersReducedMotion } from './use-reduced-motion';

/** Spec §9: 4 cards per page, 24 px apart; autoplay off unless asked for, every 5 s. */
export const CAROUSEL_PER_PAGE = 4;
export const CAROUSEL_AUTOPLAY_MS = 5000;

/**
 * The width of one card in carousels and their one-page grid (spec §9): 140 px on viewports under
 * 400 px, 220 px under 768 px, 288 px otherwise — there, less when four (with their 24 px gaps) would
 * not fit beside each other, but never under 220 px. Narrow screens scroll a page sideways.
 */
export const CARD_SLOT_CLASS =
  'w-[140px] shrink-0 min-[400px]:w-[220px] md:w-[max(220px,min(288px,calc((100%_-_72px)_/_4)))]';

/** Page count and the cards of one page. */
export function carouselPages<T>(items: readonly T[], perPage = CAROUSEL_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}

/** The page after `page` going `step` (±1), cycling at both ends. */
export function cyclePage(page: number, step: number, pageCount: number): number {
  if (pageCount <= 0) return 0;
  return (((page + step) % pageCount) + pageCount) % pageCount;
}

export interface CategoryCarouselProps {
  /** Section title; it links to /category/{slug}. */
  title: string;
  slug: string;
  projects: readonly ProjectCardData[];
  /** Shown before the title (an icon). */
  icon?: ReactNode;
  perPage?: number;
  /** Turns the pages by themselves (never when the viewer prefers reduced motion). Off by default. */
  autoplay?: boolean;
  autoplayIntervalMs?: number;
  /** My Projects: offer 'Create Your First Project' (to a signed-in user) when there is nothing yet. */
  showCreateFirstProject?: boolean;
  /** How each card is drawn; by default the card wired to the session and favorites. */
  renderCard?: (project: ProjectCardData) => ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * A category section (spec §2): the title opening the category, then the projects a page of four at a
 * time with Previous/Next (cycling at both ends), one dot per page and a 'page of total' label. With a
 * single page the cards simply wrap in a grid; with none, 'No projects in this category yet.'
 */
export function CategoryCarousel({
  title,
  slug,
  projects,
  icon,
  perPage = CAROUSEL_PER_PAGE,
  autoplay = false,
  autoplayIntervalMs = CAROUSEL_AUTOPLAY_MS,
  showCreateFirstProject = false,
  renderCard = (project) => <ConnectedProjectCard project={project} />,
  headingLevel = 3,
  className,
}: CategoryCarouselProps) {
  const titleId = useId();
  const trackId = useId();
  const pages = carouselPages(projects, perPage);
  const pageCount = pages.length;
  const [requestedPage, setPage] = useState(0);
  // The list may shrink (an un-starred favorite): stay within it.
  const page = Math.min(requestedPage, Math.max(0, pageCount - 1));
  const [direction, setDirection] = useState(1);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const shownPage = useRef(page);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const playing = autoplay && !reducedMotion && !stopped && !hovered && !focused && pageCount > 1;

  function go(next: number, step: number) {
    setDirection(step);
    setPage(next);
  }
  const previous = () => go(cyclePage(page, -1, pageCount), -1);
  const next = () => go(cyclePage(page, 1, pageCount), 1);

  // A new page starts at its first card (narrow screens scroll within a page), sliding in gently.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    viewport.current?.scrollTo?.({ left: 0 });
    const element = track.current;
    if (!element || reducedMotion || typeof element.animate !== 'function') return;
    element.animate(
      [
        { opacity: 0.35, transform: `translateX(${direction * 24}px)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: 220, easing: 'ease-out' },
    );
  }, [page, direction, reducedMotion]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setDirection(1);
      setPage((current) => cyclePage(Math.min(current, pageCount - 1), 1, pageCount));
    }, autoplayIntervalMs);
    return () => clearInterval(timer);
  }, [playing, autoplayIntervalMs, pageCount]);

  function onControlsKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  const header = (
    <div className="mb-4 flex items-end justify-between gap-4">
      <Heading id={titleId} className="min-w-0 text-lg font-bold tracking-tight text-slate-900 sm:text-xl">
        <Link
          to={`/category/${encodeURIComponent(slug)}`}
          className="group inline-flex items-center gap-2 rounded-md hover:text-primary-800"
        >
          {icon ? (
            <span aria-hidden="true" className="shrink-0">
              {icon}
            </span>
          ) : null}
          <span>{title}</span>
          <ChevronRight
            aria-hidden="true"
            className="size-5 shrink-0 text-slate-500 transition-transform group-hover:translate-x-0.5 group-hover:text-primary-700"
          />
        </Link>
      </Heading>
      {pageCount > 1 ? (
        <p aria-live="polite" className="tabular shrink-0 text-sm text-slate-600">
          {page + 1} of {pageCount}
        </p>
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (pageCount === 0) {
    body = (
      <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-slate-300 bg-white/60 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-600">{MESSAGES.noProjectsInCategory}</p>
        {showCreateFirstProject ? (
          <ButtonLink to="/create-project">Create Your First Project</ButtonLink>
        ) : null}
      </div>
    );
  } else if (pageCount === 1) {
    body = (
      <ul className="flex flex-wrap gap-6">
        {projects.map((project) => (
          <li key={project.id} className={CARD_SLOT_CLASS}>
            {renderCard(project)}
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <div
        role="group"
        aria-roledescription="carousel"
        aria-labelledby={titleId}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div
          ref={viewport}
          className="-mx-4 snap-x scroll-px-4 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-2 lg:scroll-px-2 lg:px-2"
        >
          <ul ref={track} id={trackId} aria-label={`${page + 1} of ${pageCount}`} className="flex gap-6">
            {pages[page]!.map((project) => (
              <li key={project.id} className={cx(CARD_SLOT_CLASS, 'snap-start')}>
                {renderCard(project)}
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-2 flex items-center justify-center gap-2" onKeyDown={onControlsKeyDown}>
          <CarouselButton label="Previous" controls={trackId} onClick={previous}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </CarouselButton>
          <div className="flex flex-wrap items-center justify-center">
            {pages.map((_, index) => (
              <button
                key={index}
                type="button"
                aria-label={`Go to page ${index + 1}`}
                aria-controls={trackId}
                aria-current={index === page ? 'true' : undefined}
                onClick={() => go(index, index >= page ? 1 : -1)}
                className="group grid size-7 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'block h-2 rounded-full transition-all',
                    index === page ? 'w-5 bg-primary-700' : 'w-2 bg-slate-300 group-hover:bg-slate-400',
                  )}
                />
              </button>
            ))}
          </div>
          <CarouselButton label="Next" controls={trackId} onClick={next}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </CarouselButton>
          {autoplay && !reducedMotion ? (
            <CarouselButton
              label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
              controls={trackId}
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
            </CarouselButton>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className={className}>
      {header}
      {body}
    </section>
  );
}

function CarouselButton({
  label,
  controls,
  onClick,
  children,
}: {
  label: string;
  controls: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="grid size-9 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition-colors hover:border-slate-400 hover:bg-slate-50 active:bg-slate-100"
    >
      {children}
    </button>
  );
}
