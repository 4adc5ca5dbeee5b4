import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportersResponse } from '@kept/contract';
import { describe, expect, it } from 'vitest';
import { SupportersList } from '../src/features/project-detail/supporters';
import { json, mockApi, renderWithProviders } from './helpers';
import { apiError, route } from './network';
import { PROJECT_ID } from './project-fixtures';

const path = `/api/projects/${PROJECT_ID}/supporters`;
const grace = {
  donationId: '22222222-2222-4222-8222-222222222222',
  name: 'Grace',
  amountCents: 2_500,
  message: 'You can do it!\nChapter one is the hardest.',
  messageHidden: false,
  at: '2026-03-02T12:00:00.000Z',
};
const anonymous = {
  donationId: '33333333-3333-4333-8333-333333333333',
  name: 'Anonymous',
  amountCents: null,
  message: null,
  messageHidden: false,
  at: '2026-03-03T12:00:00.000Z',
};

function renderList() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SupportersList projectId={PROJECT_ID} version={5_000} timeZone="UTC" />);
  return user;
}

describe('Supporters list', () => {
  it('lists names or Anonymous, the amount only when shown, and the message as plain text', async () => {
    mockApi(
      route(`GET ${path}`, () =>
        json<SupportersResponse>({
          supporters: [anonymous, { ...grace, message: '<b>bold?</b>' }],
          total: 2,
          canHide: false,
        }),
      ),
    );
    renderList();
    const section = await screen.findByRole('region', { name: /Supporters/ });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Anonymous');
    expect(items[0]).not.toHaveTextContent('$');
    expect(items[1]).toHaveTextContent('Grace$25.00');
    // Markup in a message is shown as the characters typed, never as markup.
    expect(within(items[1]!).getByText('<b>bold?</b>')).toBeVisible();
    expect(section.querySelector('b')).toBeNull();
    expect(within(section).getByRole('heading', { name: 'Supporters (2 supporters)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Hide message/ })).toBeNull();
  });

  it('says so when nobody has given yet, and offers a retry when the list fails to load', async () => {
    mockApi(route(`GET ${path}`, () => apiError(500, 'internal_error', 'Something went wrong')));
    const user = renderList();
    expect(await screen.findByText('The supporters could not be loaded.')).toBeVisible();
    mockApi(
      route(`GET ${path}`, () => json<SupportersResponse>({ supporters: [], total: 0, canHide: false })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No supporters yet. Be the first to back this project.')).toBeVisible();
  });

  it('lets the owner hide a message and show it again', async () => {
    mockApi(
      route(`GET ${path}`, () => json<SupportersResponse>({ supporters: [grace], total: 1, canHide: true })),
    );
    const sent = mockApi(
      route(`PUT ${path}/${grace.donationId}/message`, (_url, request) => {
        const { hidden } = JSON.parse(String(request.body)) as { hidden: boolean };
        return json<SupportersResponse>({
          supporters: [{ ...grace, messageHidden: hidden }],
          total: 1,
          canHide: true,
        });
      }),
    );
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Hide message from Grace' }));
    expect(await screen.findByText('You hid this message. Only you can see it.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show message from Grace' }));
    expect(await screen.findByRole('button', { name: 'Hide message from Grace' })).toBeVisible();
    expect(screen.queryByText('You hid this message. Only you can see it.')).toBeNull();
    expect(sent.mock.calls.map(([, request]) => JSON.parse(String(request.body)))).toEqual([
      { hidden: true },
      { hidden: false },
    ]);
  });

  it("shows the server's refusal when hiding fails", async () => {
    mockApi(
      route(`GET ${path}`, () => json<SupportersResponse>({ supporters: [grace], total: 1, canHide: true })),
    );
    mockApi(
      route(`PUT ${path}/${grace.donationId}/message`, () =>
        apiError(403, 'forbidden', 'Only the owner of this project can do that.'),
      ),
    );
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Hide message from Grace' }));
    expect(await screen.findByText('Only the owner of this project can do that.')).toBeVisible();
    expect(screen.getByText(/You can do it!/)).toBeVisible();
  });
});
