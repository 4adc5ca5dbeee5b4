import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConnectedProjectCard, ProjectCard } from '../src/features/projects/project-card';
import { LocationProbe, alice, json, renderWithProviders } from './helpers';
import { card, deferred, mockBrowseApi } from './browse-helpers';

function renderOnHome(ui: React.ReactNode) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={ui} />
        <Route path="/project/:id" element={<h1>Project page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
  );
}

describe('ProjectCard', () => {
  it('shows the picture, tag, title and refundable amount, and opens /project/{id}', async () => {
    const project = card({ id: 'p-1', title: 'Run a 10K', tag: 'Fitness', refundableCents: 123_450 });
    const user = userEvent.setup();
    renderOnHome(<ProjectCard project={project} />);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Fitness')).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/images/categories/fitness.svg');
    const link = screen.getByRole('link', { name: 'Run a 10K' });
    expect(link).toHaveAttribute('href', '/project/p-1');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/project/p-1');
  });

  it("marks a completed project 'Completed' and shows its settled figure, not the old pool", () => {
    renderWithProviders(
      <>
        <ProjectCard
          project={card({
            title: 'Settled',
            status: 'completed',
            refundableCents: 2_000,
            amount: { kind: 'settled-refund', cents: 1_400 },
          })}
        />
        <ProjectCard
          project={card({
            title: 'Ended',
            status: 'completed',
            refundableCents: 3_000,
            amount: { kind: 'pool-at-end', cents: 3_000 },
          })}
        />
        <ProjectCard project={card({ title: 'Running', refundableCents: 5_000 })} />
      </>,
    );
    const [settled, ended, running] = screen.getAllByRole('article');
    expect(settled).toHaveTextContent('Completed');
    expect(settled).toHaveTextContent('$14.00 back to the creator');
    expect(settled).not.toHaveTextContent('$20.00');
    expect(settled).not.toHaveTextContent('refundable');
    expect(ended).toHaveTextContent('Completed');
    expect(ended).toHaveTextContent('$30.00 in the pool at the end');
    expect(running).not.toHaveTextContent('Completed');
    expect(running).toHaveTextContent('$50.00 refundable');
  });

  it("falls back to the tag's default picture when its own fails to load", async () => {
    renderOnHome(<ProjectCard project={card({ imageUrl: '/uploads/broken.jpg', tag: 'Art' })} />);
    const image = document.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/uploads/broken.jpg');
    image.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(document.querySelector('img')).toHaveAttribute('src', '/images/categories/art.svg'),
    );
  });

  it("marks the viewer's own project with 'Your Project'", () => {
    renderWithProviders(
      <>
        <ProjectCard project={card({ title: 'Mine' })} isOwn />
        <ProjectCard project={card({ title: 'Theirs' })} />
      </>,
    );
    expect(screen.getAllByText('Your Project')).toHaveLength(1);
    expect(screen.getByText('Your Project').closest('article')).toHaveTextContent('Mine');
  });

  it.each([
    [1, 'red', '1 day left'],
    [2, 'orange', '2 days left'],
    [3, 'yellow', '3 days left'],
  ] as const)('shows the days-left badge: %i day(s) in %s', (days, colour, text) => {
    renderWithProviders(<ProjectCard project={card({ daysLeftBadge: { days, colour, text } })} />);
    const badge = screen.getByText(text);
    expect(badge).toHaveAttribute('data-colour', colour);
    expect(badge.className).toContain(
      { red: 'bg-red-600', orange: 'bg-orange-400', yellow: 'bg-yellow-300' }[colour],
    );
  });

  it('shows no days-left badge when more than three days remain', () => {
    renderWithProviders(<ProjectCard project={card({ daysLeftBadge: null })} />);
    expect(screen.queryByText(/days? left/)).not.toBeInTheDocument();
  });

  it('has no star for anonymous visitors', () => {
    renderWithProviders(<ProjectCard project={card()} onToggleFavorite={() => {}} />);
    expect(screen.queryByRole('button', { name: /Favorite/ })).not.toBeInTheDocument();
  });

  it('the star is a labelled toggle button that does not open the project', async () => {
    const onToggle = vi.fn();
    const user = userEvent.setup();
    renderOnHome(
      <ProjectCard
        project={card({ title: 'Write a novel' })}
        signedIn
        isFavorite={false}
        onToggleFavorite={onToggle}
      />,
    );
    const star = screen.getByRole('button', { name: 'Favorite Write a novel' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('ConnectedProjectCard', () => {
  it('stars a project on the server and shows it pressed only once the server said yes', async () => {
    const answer = deferred<Response>();
    const { calls } = mockBrowseApi(
      {
        'GET /api/me/favorites': () => json({ projectIds: [] }),
        'PUT /api/projects/p-7/favorite': () => answer.promise,
        'DELETE /api/projects/p-7/favorite': () => json({ projectId: 'p-7', favorite: false }),
      },
      alice,
    );
    const user = userEvent.setup();
    renderOnHome(<ConnectedProjectCard project={card({ id: 'p-7', title: 'Learn Spanish' })} />);
    const star = await screen.findByRole('button', { name: 'Favorite Learn Spanish' });
    await waitFor(() => expect(calls).toContain('GET /api/me/favorites'));
    await user.click(star);
    expect(calls).toContain('PUT /api/projects/p-7/favorite');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(star).toHaveAttribute('aria-busy', 'true');

    answer.resolve(json({ projectId: 'p-7', favorite: true }));
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);

    // Pressed again: the server is asked to remove it.
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(calls).toContain('DELETE /api/projects/p-7/favorite');
  });

  it('un-stars with DELETE, and keeps the star as it was when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { calls } = mockBrowseApi(
      {
        'GET /api/me/favorites': () => json({ projectIds: ['p-8'] }),
        'DELETE /api/projects/p-8/favorite': () =>
          fail
            ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500)
            : json({ projectId: 'p-8', favorite: false }),
      },
      alice,
    );
    const user = userEvent.setup();
    renderOnHome(<ConnectedProjectCard project={card({ id: 'p-8', title: 'Paint', isFavorite: true })} />);
    const star = await screen.findByRole('button', { name: 'Favorite Paint' });
    await waitFor(() => expect(calls).toContain('GET /api/me/favorites'));
    expect(star).toHaveAttribute('aria-pressed', 'true');

    await user.click(star);
    await waitFor(() => expect(star).not.toHaveAttribute('aria-busy'));
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(console.error).toHaveBeenCalled();

    fail = false;
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.filter((call) => call === 'DELETE /api/projects/p-8/favorite')).toHaveLength(2);
  });

  it("shows 'Your Project' on the signed-in user's own projects", async () => {
    mockBrowseApi({ 'GET /api/me/favorites': () => json({ projectIds: [] }) }, alice);
    renderWithProviders(<ConnectedProjectCard project={card({ isOwn: true })} />);
    expect(await screen.findByText('Your Project')).toBeInTheDocument();
  });
});
