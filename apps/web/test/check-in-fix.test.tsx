// Fixing a check-in on the project page: the owner gets Edit and Delete in the 15 minutes after posting
// (the server has the last word), the page says an older check-in is permanent, and visitors see none.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetailResponse } from '@kept/contract';
import ProjectScreen from '../src/routes/project';
import { answerHistory } from './history-fixtures';
import { alice, json, mockApi, renderWithProviders, sessionRoute } from './helpers';
import { PROJECT_ID, checkIn, projectDetail } from './project-fixtures';
import { apiError, sentBody } from './account-helpers';

beforeEach(() => answerHistory());

const detailPath = `/api/projects/${PROJECT_ID}`;

function detailWithFresh(isOwner: boolean): ProjectDetailResponse {
  const detail = projectDetail({
    isOwner,
    signedIn: true,
    startedDaysAgo: 3,
    checkIns: [{ day: 1, updateText: 'Old one' }],
  });
  const fresh = checkIn(new Date(Date.now() - 5 * 60_000), { id: 'fresh', updateText: 'Just now' });
  return { ...detail, checkIns: [...detail.checkIns, fresh] };
}

function render(
  detail: ProjectDetailResponse,
  extra: Record<string, () => Response | Promise<Response>> = {},
) {
  const fetchMock = mockApi({
    ...sessionRoute(alice),
    'GET /api/me/favorites': () => json({ projectIds: [] }),
    [`GET ${detailPath}`]: () => json(detail),
    ...extra,
  } as never);
  renderWithProviders(
    <Routes>
      <Route path="/project/:projectId" element={<ProjectScreen />} />
    </Routes>,
    { route: `/project/${PROJECT_ID}` },
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

describe('fixing a check-in', { timeout: 15_000 }, () => {
  it('offers the owner Edit and Delete on a fresh check-in, and says older ones are permanent', async () => {
    const detail = detailWithFresh(true);
    const { fetchMock, user } = render(detail, {
      [`PATCH ${detailPath}/check-ins/fresh`]: () =>
        json({
          checkIn: { ...detail.checkIns[2]!, updateText: 'Just now, fixed' },
          summary: detail.project.summary,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit check-in #3' }));
    expect(screen.getByText('This check-in is permanent.')).toBeInTheDocument();
    // The owner's Actions also lead to the calendar link.
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/settings#calendar',
    );
    expect(screen.getByText('Written by Kept when the project started.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit check-in #2' })).not.toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'Update of check-in #3' });
    await user.clear(text);
    await user.type(text, 'Just now, fixed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit check-in #3' });
    expect(sentBody(fetchMock, `${detailPath}/check-ins/fresh`)).toEqual({
      updateText: 'Just now, fixed',
      videoUrl: '',
    });
  });

  it('deletes after asking, and shows the refusal when the window has closed on the server', async () => {
    const detail = detailWithFresh(true);
    const { fetchMock, user } = render(detail, {
      [`DELETE ${detailPath}/check-ins/fresh`]: () =>
        apiError(
          409,
          'check_in_locked',
          'A check-in can be changed only in the 15 minutes after posting it. This one is now permanent.',
        ),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = await screen.findByRole('button', { name: 'Delete check-in #3' });
    await user.click(remove);
    expect(fetchMock.mock.calls.filter(([, sent]) => sent.method === 'DELETE')).toEqual([]);
    await user.click(remove);
    expect(await screen.findByText(/This one is now permanent\./)).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('shows visitors no way to change check-ins', async () => {
    render(detailWithFresh(false));
    await screen.findByText('Just now');
    const timeline = screen.getByRole('region', { name: 'Project Timeline' });
    expect(
      within(timeline).queryByRole('button', { name: /Edit check-in|Delete check-in/ }),
    ).not.toBeInTheDocument();
    expect(within(timeline).queryByText('This check-in is permanent.')).not.toBeInTheDocument();
  });
});
