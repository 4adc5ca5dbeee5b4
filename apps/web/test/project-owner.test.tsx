import type { MyProjectsResponse } from '@kept/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DeleteProjectDialog from '../src/features/project-owner/delete-project-dialog';
import EditProjectDialog from '../src/features/project-owner/edit-project-dialog';
import { myProjectsQueryKey } from '../src/features/project-owner/api';
import { MyProjects } from '../src/features/project-owner/my-projects';
import { alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';
import { apiError } from './network';
import { PROJECT_ID, projectCard, projectDetail, projectFacts } from './project-fixtures';

function renderEdit() {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  const { project } = projectDetail({ isOwner: true });
  renderWithProviders(<EditProjectDialog project={project} onClose={onClose} onSaved={onSaved} />);
  return { user, onClose, onSaved };
}

describe('Edit Project dialog', { timeout: 15_000 }, () => {
  it('starts from the project as it is, and Cancel leaves it unchanged', async () => {
    const fetchMock = mockApi({});
    const { user, onClose } = renderEdit();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const d = within(dialog);
    expect(d.getByLabelText(/Project name/)).toHaveValue('Practice guitar');
    expect(d.getByLabelText(/Description/)).toHaveValue('Twenty minutes of scales every day.');
    expect(d.getByLabelText(/Category/)).toHaveValue('Music');
    expect(d.getByRole('option', { name: 'Music' })).toBeInTheDocument();
    expect(d.getByRole('radio', { name: 'Keep the current cover' })).toBeChecked();
    expect(d.getByText('Current cover')).toBeVisible();
    await user.click(d.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a name', async () => {
    const fetchMock = mockApi({});
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText(/Project name/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Please fill in all required fields.')).toBeVisible();
    expect(screen.getByLabelText(/Project name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a description, as creating a project does', async () => {
    const fetchMock = mockApi({});
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText(/Description/));
    await user.type(screen.getByLabelText(/Description/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Please fill in all required fields.')).toBeVisible();
    expect(screen.getByLabelText(/Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Description/)).toBeRequired();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PATCH, then tells the page and closes', async () => {
    const fetchMock = mockApi({
      [`PATCH /api/projects/${PROJECT_ID}`]: () => json({ project: projectFacts() }),
    });
    const { user, onClose, onSaved } = renderEdit();
    const name = await screen.findByLabelText(/Project name/);
    await user.clear(name);
    await user.type(name, 'Practice guitar daily');
    await user.selectOptions(screen.getByLabelText(/Category/), 'Fitness');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      title: 'Practice guitar daily',
      description: 'Twenty minutes of scales every day.',
      tag: 'Fitness',
    });
  });

  it("says 'Failed to update project. Please try again.' and keeps what was typed", async () => {
    mockApi({ [`PATCH /api/projects/${PROJECT_ID}`]: () => new Response('', { status: 500 }) });
    const { user, onClose } = renderEdit();
    const name = await screen.findByLabelText(/Project name/);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update project. Please try again.')).toBeVisible();
    expect(name).toHaveValue('Practice guitar!');
    expect(onClose).not.toHaveBeenCalled();
  });
  it("puts the server's field messages on their fields, keeping what was typed", async () => {
    mockApi({
      [`PATCH /api/projects/${PROJECT_ID}`]: () =>
        apiError(400, 'validation_error', 'Please select a valid category.', {
          tag: 'Please select a valid category.',
        }),
    });
    const { user, onClose } = renderEdit();
    const name = await screen.findByLabelText(/Project name/);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please select a valid category.')).toBeVisible();
    expect(screen.getByLabelText(/Category/)).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('Practice guitar!');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Who can find the project (edit dialog)', { timeout: 15_000 }, () => {
  it('saves Unlisted at once with its own request, and says so', async () => {
    const fetchMock = mockApi({
      [`PUT /api/projects/${PROJECT_ID}/visibility`]: () => json({ project: projectFacts() }),
    });
    const { user, onClose } = renderEdit();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const d = within(dialog);
    expect(d.getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(d.getByRole('radio', { name: 'Unlisted' })).toHaveAccessibleDescription(
      'Only people with the link can see it. It is left out of every list and of your profile.',
    );
    await user.click(d.getByRole('radio', { name: 'Unlisted' }));
    expect(await d.findByText('Saved: Unlisted.')).toBeVisible();
    expect(d.getByRole('radio', { name: 'Unlisted' })).toBeChecked();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ visibility: 'unlisted' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes back to what is saved when the change fails, with the reason', async () => {
    mockApi({
      [`PUT /api/projects/${PROJECT_ID}/visibility`]: () =>
        apiError(403, 'forbidden', 'Only the owner of this project can do that.'),
    });
    const { user } = renderEdit();
    await user.click(await screen.findByRole('radio', { name: 'Unlisted' }));
    expect(await screen.findByText('Only the owner of this project can do that.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
  });
});

describe('Delete Project dialog', { timeout: 15_000 }, () => {
  function renderDelete() {
    const onClose = vi.fn();
    const onDeleted = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { project } = projectDetail({ isOwner: true });
    const { queryClient } = renderWithProviders(
      <DeleteProjectDialog project={project} onClose={onClose} onDeleted={onDeleted} />,
    );
    return { user, onClose, onDeleted, queryClient };
  }

  it('deletes with DELETE, drops the page from the cache, refreshes My Projects, then tells the page', async () => {
    const fetchMock = mockApi({ [`DELETE /api/projects/${PROJECT_ID}`]: () => json({ ok: true }) });
    const { user, onDeleted, queryClient } = renderDelete();
    queryClient.setQueryData(['project', PROJECT_ID], projectDetail({ isOwner: true }));
    queryClient.setQueryData(myProjectsQueryKey, { activeProjects: [], completedProjects: [] });
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      `DELETE /api/projects/${PROJECT_ID}`,
    ]);
    expect(queryClient.getQueryState(['project', PROJECT_ID])).toBeUndefined();
    expect(queryClient.getQueryState(myProjectsQueryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's reason in the spec's words, and stays open", async () => {
    mockApi({
      [`DELETE /api/projects/${PROJECT_ID}`]: () =>
        apiError(409, 'project_not_ended', 'Project must be ended before it can be deleted'),
    });
    const { user, onDeleted, onClose } = renderDelete();
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    expect(
      await screen.findByText('Delete failed: Project must be ended before it can be deleted'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Project' })).toBeEnabled();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('My Projects', { timeout: 15_000 }, () => {
  function renderMine(body: MyProjectsResponse) {
    mockApi({
      ...sessionRoute(alice),
      'GET /api/me/favorites': () => json({ projectIds: [] }),
      'GET /api/me/projects': () => json(body),
    });
    renderWithProviders(<MyProjects />, { route: '/my-projects' });
  }

  it('lists active and completed projects with their counts; completed ones are dimmed and badged', async () => {
    renderMine({
      activeProjects: [projectCard({ id: 'a1', title: 'Run 5k' }), projectCard({ id: 'a2', title: 'Paint' })],
      completedProjects: [projectCard({ id: 'c1', title: 'Read 12 books', status: 'completed' })],
    });
    const active = (await screen.findByRole('heading', { name: 'Active Projects (2)' })).closest('section')!;
    expect(within(active).getByRole('link', { name: 'Run 5k' })).toHaveAttribute('href', '/project/a1');
    expect(within(active).queryByText('Completed')).not.toBeInTheDocument();
    const completed = screen.getByRole('heading', { name: 'Completed Projects (1)' }).closest('section')!;
    expect(within(completed).getByRole('link', { name: 'Read 12 books' })).toBeVisible();
    expect(within(completed).getByText('Completed')).toBeVisible();
    expect(within(completed).getByRole('listitem')).toHaveClass('opacity-75');
    expect(screen.getByRole('link', { name: 'Start a New Project' })).toHaveAttribute(
      'href',
      '/create-project',
    );
    expect(within(active).getAllByText('$50.00')).toHaveLength(2);
  });

  it("offers 'Create Your First Project' when there are none", async () => {
    renderMine({ activeProjects: [], completedProjects: [] });
    expect(await screen.findByRole('link', { name: 'Create Your First Project' })).toHaveAttribute(
      'href',
      '/create-project',
    );
    expect(screen.queryByRole('heading', { name: /Active Projects/ })).not.toBeInTheDocument();
  });

  it("says 'Failed to load projects' when the list cannot be loaded", async () => {
    mockApi({ ...sessionRoute(alice), 'GET /api/me/projects': () => new Response('', { status: 500 }) });
    renderWithProviders(<MyProjects />);
    expect(await screen.findByText('Failed to load projects')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
