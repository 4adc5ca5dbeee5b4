import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { answerHistory } from './history-fixtures';
import { DAY_MS, formatLocalDate, localDateOf, timezoneLabel } from '@kept/domain';
import type { ProjectDetailResponse } from '@kept/contract';
import { COPIED_MS } from '../src/features/project-detail/share-menu';
import ProjectScreen from '../src/routes/project';
import { LocationProbe, alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';
import { PROJECT_ID, projectDetail } from './project-fixtures';

// The history panel under the page (its own tests: history-panel.test.tsx).
beforeEach(() => answerHistory());

const detailPath = `/api/projects/${PROJECT_ID}`;

function renderProject(route = `/project/${PROJECT_ID}`) {
  const user = userEvent.setup({ delay: null });
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/project/:projectId" element={<ProjectScreen />} />
        <Route path="/my-projects" element={<h1>My Projects page</h1>} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
  return { user, ...result };
}

function withDetail(detail: ProjectDetailResponse, signedIn = detail.viewer.signedIn) {
  return {
    ...sessionRoute(signedIn ? alice : null),
    'GET /api/me/favorites': () => json({ projectIds: [] }),
    [`GET ${detailPath}`]: () => json(detail),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Project detail', { timeout: 15_000 }, () => {
  it("shows 'Loading project...' while the project is fetched", () => {
    mockApi({ ...sessionRoute(null), [`GET ${detailPath}`]: () => new Promise<Response>(() => {}) });
    renderProject();
    expect(screen.getByRole('status')).toHaveTextContent('Loading project...');
  });

  it("says 'Project Not Found' with a way home when the project does not exist", async () => {
    mockApi({
      ...sessionRoute(null),
      [`GET ${detailPath}`]: () => json({ error: { code: 'not_found', message: 'Project not found' } }, 404),
    });
    const { user } = renderProject();
    expect(await screen.findByRole('heading', { level: 1, name: 'Project Not Found' })).toBeVisible();
    expect(screen.getByText('The project you are looking for does not exist.')).toBeVisible();
    expect(document.title).toBe('Project Not Found · Kept');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("explains a failed load in the spec's words and offers to try again", async () => {
    let fail = true;
    mockApi({
      ...sessionRoute(null),
      [`GET ${detailPath}`]: () =>
        fail
          ? json({ error: { code: 'internal_error', message: 'Database unavailable' } }, 500)
          : json(projectDetail()),
    });
    const { user, queryClient } = renderProject();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    expect(
      await screen.findByRole('heading', {
        name: 'An error occurred while loading the project: Database unavailable',
      }),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
  });

  it('shows a visitor the picture, title, tag, description, progress, total, info and Support This Project', async () => {
    const detail = projectDetail({ startedDaysAgo: 3, refundableCents: 7000 });
    mockApi(withDetail(detail));
    renderProject();
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    expect(document.title).toBe('Practice guitar · Kept');
    const tagBadge = screen.getByRole('link', { name: 'Music' });
    expect(tagBadge).toHaveAttribute('href', '/category/music');
    expect(tagBadge.querySelector('svg[data-tag-icon="music"]')).not.toBeNull();
    expect(tagBadge.textContent).toBe('Music');
    expect(screen.getByText('Twenty minutes of scales every day.')).toBeVisible();
    expect(document.querySelector('img[src="/images/categories/music.svg"]')).not.toBeNull();

    const progress = screen.getByRole('progressbar', { name: 'Progress' });
    const percent = detail.project.summary.progressPercent;
    expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    expect(screen.getByText(`${percent}%`)).toBeVisible();
    expect(screen.getByText(/Just Started/)).toBeVisible();

    expect(screen.getByTestId('project-total')).toHaveTextContent('$70.00');
    expect(screen.getByText('Refundable for this project')).toBeVisible();

    const info = screen.getByRole('heading', { name: 'Project Info' }).parentElement!;
    expect(within(info).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/user/alice');
    expect(within(info).getByText('Check-ins posted').nextSibling).toHaveTextContent('1');

    expect(screen.getByRole('button', { name: 'Support This Project' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Favorite/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Next Check-in')).not.toBeInTheDocument();
  });

  it("captions the total 'No donations yet' when there is no deposit", async () => {
    mockApi(withDetail(projectDetail({ depositCents: 0, refundableCents: 0 })));
    renderProject();
    expect(await screen.findByText('No donations yet')).toBeVisible();
    expect(screen.getByTestId('project-total')).toHaveTextContent('$0.00');
  });

  it('draws the check-in calendar in Sun–Sat columns with a status per day and the legend', async () => {
    const now = Date.now();
    const detail = projectDetail({ startedDaysAgo: 16, lengthDays: 30, frequencyDays: 7, now });
    mockApi(withDetail(detail));
    renderProject();
    const calendar = (await screen.findByRole('heading', { name: 'Check-in Calendar' })).closest('section')!;
    const table = within(calendar).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const days = calendar.querySelectorAll('[data-status]');
    expect(days).toHaveLength(30);
    const start = detail.project.summary.startDate;
    expect(calendar.querySelector(`[data-date="${start}"]`)).toHaveAttribute(
      'data-status',
      'completed-checkin',
    );
    // Day 7 was a check-in date without a check-in, and its period (days 7-13) is over: missed.
    const missed = localDateOf(new Date(detail.project.createdAt).getTime() + 7 * DAY_MS, 'UTC');
    expect(calendar.querySelector(`[data-date="${missed}"]`)).toHaveAttribute(
      'data-status',
      'missed-checkin',
    );
    expect(within(calendar).getByText(`${formatLocalDate(missed)}: Missed`)).toBeInTheDocument();
    const legend = within(calendar).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Completed', 'Missed', 'Today', 'Check-in scheduled', 'Regular day']);
  });

  it('tells the timeline: started, numbered check-ins with photo and video, and the end date', async () => {
    const detail = projectDetail({
      startedDaysAgo: 3,
      checkIns: [
        {
          day: 1,
          updateText: 'Learned the C major scale.',
          photoUrl: '/uploads/full.jpg',
          photoThumbUrl: '/uploads/thumb.jpg',
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          videoType: 'youtube',
        },
      ],
    });
    mockApi(withDetail(detail));
    const { user } = renderProject();
    const timeline = (await screen.findByRole('heading', { name: 'Project Timeline' })).closest('section')!;
    const t = within(timeline);
    expect(t.getByRole('heading', { name: 'Project Started' })).toBeVisible();
    expect(t.getByText('30 days')).toBeVisible();
    expect(t.getByText('every 1 week')).toBeVisible();
    expect(t.getByRole('heading', { name: 'Check-in #1' })).toBeVisible();
    expect(t.getByRole('heading', { name: 'Check-in #2' })).toBeVisible();
    expect(t.getByText('Learned the C major scale.')).toBeVisible();
    expect(t.getByRole('img', { name: 'Photo of check-in #2' })).toHaveAttribute('src', '/uploads/thumb.jpg');
    const video = t.getByRole('link', { name: /Watch the video of check-in #2 on YouTube/ });
    expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(video).toHaveAttribute('target', '_blank');
    expect(video.querySelector('img')).toHaveAttribute(
      'src',
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(t.getByRole('heading', { name: 'Project End Date' })).toBeVisible();
    expect(t.getByText(formatLocalDate(detail.project.summary.endDate, { long: true }))).toBeVisible();

    // The thumbnail opens the full-size photo in an overlay that Escape closes.
    await user.click(t.getByRole('button', { name: 'Open the photo of check-in #2 full size' }));
    const overlay = await screen.findByRole('dialog', { name: 'Photo of check-in #2' });
    expect(within(overlay).getByRole('img')).toHaveAttribute('src', '/uploads/full.jpg');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a labelled panel, not a broken image, when a YouTube thumbnail cannot be loaded', async () => {
    const detail = projectDetail({
      startedDaysAgo: 3,
      checkIns: [{ day: 1, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', videoType: 'youtube' }],
    });
    mockApi(withDetail(detail));
    renderProject();
    const video = await screen.findByRole('link', { name: /Watch the video of check-in #2 on YouTube/ });
    expect(within(video).queryByText('YouTube video')).not.toBeInTheDocument();
    fireEvent.error(video.querySelector('img')!);
    expect(video.querySelector('img')).toBeNull();
    expect(within(video).getByText('YouTube video')).toBeVisible();
    expect(within(video).getByText('Preview unavailable')).toBeVisible();
    // Still the same link, with the same name.
    expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(video).toHaveAccessibleName('Watch the video of check-in #2 on YouTube (opens in a new tab)');
  });

  it('gives the owner the Actions card, the refund if it ended today and the dashed Next Check-in', async () => {
    const detail = projectDetail({ isOwner: true, startedDaysAgo: 3 });
    mockApi(withDetail(detail));
    renderProject();
    const actions = (await screen.findByRole('heading', { name: 'Actions' })).parentElement!;
    expect(within(actions).getByRole('button', { name: 'Add Check-in' })).toBeVisible();
    expect(within(actions).getByRole('button', { name: 'Edit Project' })).toBeVisible();
    expect(within(actions).queryByRole('button', { name: 'Delete Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Support This Project' })).not.toBeInTheDocument();

    const refund = screen.getByRole('heading', { name: 'If it ended today' }).parentElement!;
    expect(within(refund).getByText('$50.00')).toBeVisible();

    const next = detail.project.summary.nextCheckIn!;
    expect(screen.getByRole('heading', { name: 'Next Check-in' })).toBeVisible();
    expect(screen.getByText(next.label)).toBeVisible();
    expect(screen.getByText('Share your progress and keep your project on track')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Favorite Practice guitar' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('opens the edit dialog from its button and gives focus back to it on Escape', async () => {
    mockApi(withDetail(projectDetail({ isOwner: true })));
    const { user } = renderProject();
    const edit = await screen.findByRole('button', { name: 'Edit Project' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it("says 'Check-in is overdue' when the owner's check-in is late", async () => {
    // Daily check-ins, started 3 days ago, nothing since the automatic one: today's is due, yesterday's missed.
    const detail = projectDetail({ isOwner: true, startedDaysAgo: 3, frequencyDays: 3, lengthDays: 30 });
    const late = { ...detail, project: { ...detail.project, summary: { ...detail.project.summary } } };
    late.project.summary.nextCheckIn = { date: '2020-01-01', overdue: true, label: 'Overdue', colour: 'red' };
    mockApi(withDetail(late));
    renderProject();
    expect(await screen.findByText('Check-in is overdue')).toBeVisible();
    expect(screen.getByText('Overdue')).toBeVisible();
  });

  it('after the end: no Add Check-in, and Delete Project asks first in the spec words, then deletes', async () => {
    const detail = projectDetail({ isOwner: true, startedDaysAgo: 40, lengthDays: 30 });
    let deleted = false;
    mockApi({
      ...withDetail(detail),
      [`DELETE ${detailPath}`]: () => {
        deleted = true;
        return json({ ok: true });
      },
      'GET /api/me/projects': () => json({ activeProjects: [], completedProjects: [] }),
    });
    const { user } = renderProject();
    const actions = (await screen.findByRole('heading', { name: 'Actions' })).parentElement!;
    expect(within(actions).queryByRole('button', { name: 'Add Check-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Next Check-in' })).not.toBeInTheDocument();
    expect(screen.getByText(/100%/)).toBeVisible();

    await user.click(within(actions).getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Project' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete "Practice guitar"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await user.click(within(actions).getByRole('button', { name: 'Delete Project' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Project' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-projects'));
    expect(deleted).toBe(true);
  });

  it('says why a delete failed', async () => {
    const detail = projectDetail({ isOwner: true, startedDaysAgo: 40, lengthDays: 30 });
    mockApi({
      ...withDetail(detail),
      [`DELETE ${detailPath}`]: () => new Response('', { status: 500 }),
    });
    const { user } = renderProject();
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Project' }),
    );
    expect(await screen.findByText('Failed to delete project. Please try again.')).toBeVisible();
  });

  it("shows the settlement statement once the project has ended, with the pool as the project's total", async () => {
    const detail = projectDetail({ startedDaysAgo: 40, lengthDays: 30, refundableCents: 0 });
    // A viewer elsewhere reads the statement's dates with the project's zone named.
    detail.project.timezone = 'Asia/Tokyo';
    detail.settlement = {
      status: 'refunded',
      statusText: 'Refunded on March 31, 2026',
      settled: true,
      settledAt: '2026-03-31T00:05:00.000Z',
      poolCents: 13_000,
      depositCents: 5_000,
      donationsCents: 8_000,
      totalCheckIns: 5,
      missedCheckIns: 2,
      completedCheckIns: 3,
      refundCents: 7_800,
      forfeitCents: 5_200,
      refundToCardCents: 5_000,
      formula: '($50.00 + $80.00) × (1 − 2/5) = $78.00',
      refundedAt: '2026-03-31T00:05:00.000Z',
      attempts: 1,
      nextAttemptAt: null,
      payout: {
        cents: 2_800,
        paidCents: 2_800,
        status: 'paid',
        paidAt: '2026-03-31T00:05:00.000Z',
        note: null,
      },
      lateDonations: { creatorCents: 0, payoutCents: 0, forfeitCents: 0 },
    };
    mockApi(withDetail(detail));
    renderProject();
    const card = (await screen.findByRole('heading', { name: 'Settlement' })).closest('section')!;
    expect(within(card).getByText('Refunded on March 31, 2026')).toBeVisible();
    expect(within(card).getByText("Dates are in the project's time zone: Tokyo.")).toBeVisible();
    expect(within(card).getByText('($50.00 + $80.00) × (1 − 2/5) = $78.00')).toBeVisible();
    expect(within(card).getByText('$78.00')).toBeVisible();
    expect(within(card).getByText('$52.00')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Transparency' })).toHaveAttribute('href', '/transparency');
    expect(screen.getByTestId('project-total')).toHaveTextContent('$130.00');
    expect(screen.queryByRole('button', { name: 'Support This Project' })).not.toBeInTheDocument();
  });

  it('says on the Total card what happened to the money once settled, never Live', async () => {
    const detail = projectDetail({ startedDaysAgo: 40, lengthDays: 30, refundableCents: 0 });
    detail.settlement = {
      status: 'refunded',
      statusText: 'Refunded on March 31, 2026',
      settled: true,
      settledAt: '2026-03-31T00:05:00.000Z',
      poolCents: 2_000,
      depositCents: 2_000,
      donationsCents: 0,
      totalCheckIns: 10,
      missedCheckIns: 3,
      completedCheckIns: 7,
      refundCents: 1_400,
      forfeitCents: 600,
      refundToCardCents: 1_400,
      formula: '$20.00 × (1 − 3/10) = $14.00',
      refundedAt: '2026-03-31T00:05:00.000Z',
      attempts: 1,
      nextAttemptAt: null,
      payout: { cents: 0, paidCents: 0, status: 'none', paidAt: null, note: null },
      lateDonations: { creatorCents: 0, payoutCents: 0, forfeitCents: 0 },
    };
    mockApi(withDetail(detail));
    renderProject();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(within(total).getByRole('heading', { name: 'Total' })).toBeVisible();
    expect(within(total).queryByText('Live')).not.toBeInTheDocument();
    expect(within(total).queryByText('Refundable for this project')).not.toBeInTheDocument();
    expect(within(total).getByText('Ended')).toBeVisible();
    expect(within(total).getByText('Pool at the end')).toBeVisible();
    expect(within(total).getByTestId('project-total')).toHaveTextContent('$20.00');
    const outcome = within(total).getByRole('list', { name: 'What happened to the money' });
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Refunded to the card$14.00', 'Forfeited to charity$6.00']);
  });

  it('before settlement, says what the ended pool will become, not Live', async () => {
    const detail = projectDetail({ startedDaysAgo: 40, lengthDays: 30, refundableCents: 3_000 });
    detail.settlement = {
      status: 'processing',
      statusText: 'Processing',
      settled: false,
      settledAt: null,
      poolCents: 3_000,
      depositCents: 2_000,
      donationsCents: 1_000,
      totalCheckIns: 5,
      missedCheckIns: 0,
      completedCheckIns: 5,
      refundCents: 3_000,
      forfeitCents: 0,
      refundToCardCents: 2_000,
      formula: '($20.00 + $10.00) × (1 − 0/5) = $30.00',
      refundedAt: null,
      attempts: 0,
      nextAttemptAt: null,
      payout: { cents: 1_000, paidCents: 0, status: 'pending', paidAt: null, note: null },
      lateDonations: { creatorCents: 0, payoutCents: 0, forfeitCents: 0 },
    };
    mockApi(withDetail(detail));
    renderProject();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(within(total).queryByText('Live')).not.toBeInTheDocument();
    expect(within(total).getByText('Ended')).toBeVisible();
    const outcome = within(total).getByRole('list', { name: 'What happened to the money' });
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['To be refunded to the card$20.00', 'To be paid out to the creator$10.00']);
  });

  it("names the project's time zone under its dates when it is not the viewer's", async () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const elsewhere = device === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';
    const detail = projectDetail();
    detail.project.timezone = elsewhere;
    mockApi(withDetail(detail));
    renderProject();
    const timeline = (await screen.findByRole('heading', { name: 'Project Timeline' })).closest('section')!;
    const note = `Dates are in the project's time zone: ${timezoneLabel(elsewhere)}.`;
    expect(within(timeline).getByText(note)).toBeVisible();
    const info = screen.getByRole('heading', { name: 'Project Info' }).parentElement!;
    expect(within(info).getByText(note)).toBeVisible();
  });

  it("does not name the zone when it is the viewer's own", async () => {
    const detail = projectDetail();
    detail.project.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    mockApi(withDetail(detail));
    renderProject();
    await screen.findByRole('heading', { name: 'Project Timeline' });
    expect(screen.queryByText(/Dates are in the project's time zone/)).not.toBeInTheDocument();
  });

  it('labels the posts and the check-in periods so the two counts can differ visibly', async () => {
    // Six more posts in the first week: 7 posts, one period satisfied.
    const detail = projectDetail({
      startedDaysAgo: 3,
      lengthDays: 98,
      frequencyDays: 7,
      checkIns: [1, 1, 2, 2, 3, 3].map((day) => ({ day, updateText: `Day ${day}` })),
    });
    mockApi(withDetail(detail));
    renderProject();
    const info = (await screen.findByRole('heading', { name: 'Project Info' })).parentElement!;
    expect(within(info).getByText('Check-ins posted').nextSibling).toHaveTextContent('7');
    expect(
      screen.getByText(
        '1 of 14 check-in periods done, 95 days to go. Several check-ins in one period count once.',
      ),
    ).toBeVisible();
  });

  it('shows no thank-you to whoever opens a shared ?donation=success link, and tidies the address', async () => {
    sessionStorage.clear();
    mockApi(withDetail(projectDetail()));
    renderProject(`/project/${PROJECT_ID}?donation=success&payment_intent=pi_someone_else`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/project/${PROJECT_ID}$`)),
    );
    expect(
      screen.queryByText('Thank you for your donation! Your support has been added to this project.'),
    ).not.toBeInTheDocument();
  });
});

describe('Share menu', { timeout: 15_000 }, () => {
  it("copies the link and says 'Copied' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(withDetail(projectDetail()));
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // After userEvent.setup(), which installs its own clipboard.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(
      <Routes>
        <Route path="/project/:projectId" element={<ProjectScreen />} />
      </Routes>,
      { route: `/project/${PROJECT_ID}` },
    );
    const share = await screen.findByRole('button', { name: 'Share' });
    expect(share).toHaveAttribute('aria-expanded', 'false');
    await user.click(share);
    expect(share).toHaveAttribute('aria-expanded', 'true');
    const panel = within(screen.getByRole('list', { name: 'Share this project' }));
    expect(panel.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`http://localhost:3000/project/${PROJECT_ID}`)}`,
    );
    expect(panel.getByRole('link', { name: /Twitter/ }).getAttribute('href')).toMatch(
      /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
    );
    expect(panel.getByRole('link', { name: 'Text Message' }).getAttribute('href')).toMatch(/^sms:/);

    await user.click(panel.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/project/${PROJECT_ID}`);
    expect(await panel.findByRole('button', { name: 'Copied' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(COPIED_MS - 100);
    });
    expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(panel.getByRole('button', { name: 'Copy Link' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(share).toHaveAttribute('aria-expanded', 'false');
    expect(share).toHaveFocus();
  });

  it('falls back to the legacy copy when the Clipboard API is missing, and Instagram copies then alerts', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi(withDetail(projectDetail()));
    const { user } = renderProject();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Instagram' }));
    expect(execCommand).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('Link copied!'));
  });
});

describe('the owner’s say over a running project', { timeout: 15_000 }, () => {
  it('plans a break: pausing a later check-in period asks the server and reads the page again', async () => {
    // Started 3 days ago, 30 days every 7: check-ins 2–5 are later periods; the budget is 1.
    const detail = projectDetail({ isOwner: true });
    let paused: number[] = [];
    const calls = mockApi({
      ...withDetail(detail),
      [`GET ${detailPath}`]: () =>
        json({ ...detail, commitment: { ...detail.commitment, pausedPeriods: paused } }),
      [`POST ${detailPath}/pauses`]: () => {
        paused = [3];
        return json({ pausedPeriods: paused });
      },
    });
    const { user } = renderProject();
    const card = within(await screen.findByRole('region', { name: 'Pauses' }));
    expect(card.getByText(/You have used 0 of 1 pause/)).toBeVisible();
    await user.click(card.getByRole('button', { name: /^Pause check-in 4 / }));
    expect(await card.findByText('Paused')).toBeVisible();
    expect(card.getByText(/You have used 1 of 1 pause/)).toBeVisible();
    const post = calls.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBe('{"period":3}');
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Paused');
  });

  it('says when a project was cancelled, and where its forfeits go', async () => {
    const detail = projectDetail({ isOwner: false });
    mockApi(
      withDetail({
        ...detail,
        commitment: {
          ...detail.commitment,
          charity: {
            id: 'wikimedia',
            name: 'Wikimedia Foundation',
            registration: 'EIN 20-0049703',
            site: 'https://wikimediafoundation.org',
          },
          cancelledAt: new Date().toISOString(),
        },
      }),
    );
    renderProject();
    expect(await screen.findByText('Cancelled.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Wikimedia Foundation' })).toHaveAttribute(
      'href',
      'https://wikimediafoundation.org',
    );
  });
});
