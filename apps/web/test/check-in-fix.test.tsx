// Fixing a check-in on the project page: the owner gets Edit (text, link, photo) and Delete in the 15
// minutes after posting (the server has the last word), the page says an older check-in is permanent, and visitors see none.
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

  it('replaces the photo with a new picture, sent as a form beside the text', async () => {
    const detail = detailWithFresh(true);
    const { fetchMock, user } = render(detail, {
      [`PATCH ${detailPath}/check-ins/fresh`]: () =>
        json({
          checkIn: {
            ...detail.checkIns[2]!,
            photoUrl: '/uploads/new.jpg',
            photoThumbUrl: '/uploads/new.webp',
          },
          summary: detail.project.summary,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit check-in #3' }));
    const input = screen.getByLabelText('Add a photo');
    // Too large: refused in the browser with the spec's text, and nothing is sent with it.
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(input, huge);
    const refusal = 'Image file is too large. Maximum size is 10MB.';
    expect(input).toHaveAccessibleDescription(refusal);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(refusal).closest('[aria-live]')).not.toBeNull();
    await user.upload(input, new File(['jpeg bytes'], 'better.jpg', { type: 'image/jpeg' }));
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit check-in #3' });
    const sent = fetchMock.mock.calls.findLast(([url]) => url === `${detailPath}/check-ins/fresh`)!;
    expect(sent[1].method).toBe('PATCH');
    expect(sent[1].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // (jsdom's File reaches the test's FormData encoder as a bare 'blob': its name and bytes are not
    // checked here; the server's tests send real pictures.)
    expect(sent[1].body).toMatch(/name="photo"; filename="[^"]+"\r\nContent-Type: image\/jpeg/);
    expect(sent[1].body).toMatch(/name="updateText"\r\n\r\nJust now\r\n/);
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
