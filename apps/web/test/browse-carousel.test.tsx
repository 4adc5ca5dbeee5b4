import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CAROUSEL_AUTOPLAY_MS,
  CARD_SLOT_CLASS,
  CategoryCarousel,
  carouselPages,
  cyclePage,
} from '../src/features/browse/carousel';
import { alice, renderWithProviders } from './helpers';
import { cards, mockBrowseApi } from './browse-helpers';

function titlesShown(): string[] {
  return screen.getAllByRole('link', { name: /^Project \d+/ }).map((link) => link.textContent ?? '');
}

function renderCarousel(count: number, props: Partial<Parameters<typeof CategoryCarousel>[0]> = {}) {
  const projects = cards(count);
  mockBrowseApi({});
  renderWithProviders(
    <CategoryCarousel title="Largest Commitments" slug="top-funded" projects={projects} {...props} />,
  );
  return projects.map((project) => project.title);
}

function pageLabel() {
  return screen.getByText(/^\d+ of \d+$/);
}

describe('carouselPages / cyclePage', () => {
  it('groups four to a page and cycles at both ends', () => {
    expect(carouselPages([1, 2, 3, 4, 5, 6, 7, 8, 9]).map((page) => page.length)).toEqual([4, 4, 1]);
    expect(carouselPages([])).toEqual([]);
    expect(cyclePage(2, 1, 3)).toBe(0);
    expect(cyclePage(0, -1, 3)).toBe(2);
    expect(cyclePage(1, 1, 3)).toBe(2);
  });
});

describe('CategoryCarousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links its title to the category page', () => {
    renderCarousel(2);
    expect(screen.getByRole('link', { name: 'Largest Commitments' })).toHaveAttribute(
      'href',
      '/category/top-funded',
    );
  });

  it('shows four cards per page and pages with Next, cycling from the last page back to the first', async () => {
    const titles = renderCarousel(9);
    const user = userEvent.setup();
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    expect(pageLabel()).toHaveTextContent('1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(titlesShown()).toEqual(titles.slice(4, 8));
    expect(pageLabel()).toHaveTextContent('2 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(titlesShown()).toEqual(titles.slice(8));
    expect(pageLabel()).toHaveTextContent('3 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    expect(pageLabel()).toHaveTextContent('1 of 3');
  });

  it('Previous on the first page goes to the last one', async () => {
    const titles = renderCarousel(6);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(titlesShown()).toEqual(titles.slice(4));
    expect(pageLabel()).toHaveTextContent('2 of 2');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(titlesShown()).toEqual(titles.slice(0, 4));
  });

  it('has one dot per page; a dot jumps to its page and marks it current', async () => {
    const titles = renderCarousel(10);
    const user = userEvent.setup();
    const dots = screen.getAllByRole('button', { name: /^Go to page \d$/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Go to page 1',
      'Go to page 2',
      'Go to page 3',
    ]);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(titlesShown()).toEqual(titles.slice(8));
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to page 1' })).not.toHaveAttribute('aria-current');
  });

  it('works with the keyboard: Tab to Next, Enter/Space, and arrow keys on the controls', async () => {
    const titles = renderCarousel(8);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(titlesShown()).toEqual(titles.slice(4));
    await user.keyboard(' ');
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    await user.keyboard('{ArrowLeft}');
    expect(titlesShown()).toEqual(titles.slice(4));
    await user.keyboard('{ArrowRight}');
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('with a single page shows a plain grid: every card, no controls', () => {
    const titles = renderCarousel(4);
    expect(titlesShown()).toEqual(titles);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Go to page/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ of \d+$/)).not.toBeInTheDocument();
  });

  it('gives every card the spec widths (140 / 220 / 288 px) in the grid and the carousel', () => {
    renderCarousel(3);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.className).toContain(CARD_SLOT_CLASS);
    expect(CARD_SLOT_CLASS).toMatch(/w-\[140px\]/);
    expect(CARD_SLOT_CLASS).toMatch(/min-\[400px\]:w-\[220px\]/);
    expect(CARD_SLOT_CLASS).toMatch(/md:w-\[max\(220px,min\(288px,/);
  });

  it("says 'No projects in this category yet.' when empty", () => {
    renderCarousel(0);
    expect(screen.getByText('No projects in this category yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Your First Project' })).not.toBeInTheDocument();
  });

  it("offers 'Create Your First Project' when asked to (My Projects, signed in)", () => {
    renderCarousel(0, { showCreateFirstProject: true });
    expect(screen.getByRole('link', { name: 'Create Your First Project' })).toHaveAttribute(
      'href',
      '/create-project',
    );
  });

  it('does not turn pages by itself unless autoplay is on', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const titles = renderCarousel(8);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(titlesShown()).toEqual(titles.slice(0, 4));
  });

  it('with autoplay turns a page every 5 seconds, pausing while hovered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const titles = renderCarousel(8, { autoplay: true });
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 100);
    });
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(titlesShown()).toEqual(titles.slice(4));

    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const carousel = screen.getByRole('group', { name: 'Largest Commitments' });
    await user.hover(carousel);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(titlesShown()).toEqual(titles.slice(4));
    await user.unhover(carousel);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(titlesShown()).toEqual(titles.slice(0, 4));
  });

  it('autoplay can be stopped and started again with its button', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const titles = renderCarousel(8, { autoplay: true });
    act(() => screen.getByRole('button', { name: 'Stop automatic slide show' }).click());
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    act(() => screen.getByRole('button', { name: 'Start automatic slide show' }).click());
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(titlesShown()).toEqual(titles.slice(4));
  });

  it('never autoplays for someone who prefers reduced motion', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const titles = renderCarousel(8, { autoplay: true });
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    });
    expect(titlesShown()).toEqual(titles.slice(0, 4));
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();
  });

  it('keeps the current page within range when the list shrinks', async () => {
    const many = cards(8);
    mockBrowseApi({});
    function Shrinking() {
      const [count, setCount] = useState(8);
      return (
        <>
          <button type="button" onClick={() => setCount(6)}>
            Shrink
          </button>
          <CategoryCarousel title="Favorites" slug="favorites" projects={many.slice(0, count)} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Shrinking />);
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(titlesShown()).toEqual(many.slice(4, 8).map((project) => project.title));
    await user.click(screen.getByRole('button', { name: 'Shrink' }));
    expect(titlesShown()).toEqual(many.slice(4, 6).map((project) => project.title));
    expect(pageLabel()).toHaveTextContent('2 of 2');
  });

  it('shows stars on the cards to a signed-in viewer', async () => {
    const projects = cards(2);
    mockBrowseApi({ 'GET /api/me/favorites': () => new Response('{"projectIds":[]}') }, alice);
    renderWithProviders(<CategoryCarousel title="Art" slug="art" projects={projects} />);
    expect(await screen.findAllByRole('button', { name: /^Favorite / })).toHaveLength(2);
  });
});
