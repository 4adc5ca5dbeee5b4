import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import EditProjectDialog from '../src/features/project-owner/edit-project-dialog';
import { json, mockApi, renderWithProviders } from './helpers';
import type { RouteKey, Routes } from './network';
import { PROJECT_ID, projectDetail, projectFacts } from './project-fixtures';

/** A stand-in for the browser's XMLHttpRequest: the test decides progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const PATCH = `PATCH /api/projects/${PROJECT_ID}` as const;
const PUT = `PUT /api/projects/${PROJECT_ID}/cover` as const;

function renderEdit<K extends RouteKey>(routes: Routes<K>) {
  const fetchMock = mockApi(routes);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  const { project, checkIns } = projectDetail({
    isOwner: true,
    checkIns: [
      {
        day: 1,
        id: 'with-photo',
        photoUrl: '/uploads/checkins/p/a.jpg',
        photoThumbUrl: '/uploads/checkins/p/a.webp',
      },
      { day: 2, id: 'text-only', updateText: 'Scales' },
    ],
  });
  renderWithProviders(
    <EditProjectDialog project={project} photos={checkIns} onClose={onClose} onSaved={onSaved} />,
  );
  return { user, onClose, onSaved, fetchMock };
}

const png = (name = 'cover.png', size = 68) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const sentBody = (fetchMock: ReturnType<typeof mockApi>, key: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init.method} ${String(url)}` === key);
  return call ? (JSON.parse(String(call[1].body)) as unknown) : undefined;
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:cover-preview');
  URL.revokeObjectURL = vi.fn();
});

describe('the cover picker in Edit Project', { timeout: 15_000 }, () => {
  it('offers an upload, the check-in photos and the tag picture, and no address field', async () => {
    renderEdit({});
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const cover = within(within(dialog).getByRole('group', { name: 'Cover photo' }));
    expect(cover.getByRole('radio', { name: 'Keep the current cover' })).toBeChecked();
    expect(cover.getByRole('radio', { name: 'Upload a picture' })).toBeVisible();
    expect(cover.getByRole('radio', { name: 'Use one of your check-in photos' })).toBeVisible();
    expect(cover.getByRole('radio', { name: "Use the tag's picture" })).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: /URL/i })).not.toBeInTheDocument();
    expect(dialog.querySelector('input[type="url"]')).toBeNull();
  });

  it('uploads the chosen picture with a progress bar after saving the text, then closes', async () => {
    const { user, onClose, onSaved, fetchMock } = renderEdit({
      [PATCH]: () => json({ project: projectFacts() }),
    });
    // Keyboard: the radios are reachable and chosen with the arrow keys.
    const keep = await screen.findByRole('radio', { name: 'Keep the current cover' });
    keep.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Upload a picture' })).toBeChecked();
    await user.upload(screen.getByLabelText(/^Picture/), png());
    expect(screen.getByText('The new cover')).toBeVisible();
    expect(document.querySelector('img[src="blob:cover-preview"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(sentBody(fetchMock, PATCH)).toEqual({
      title: 'Practice guitar',
      description: 'Twenty minutes of scales every day.',
      tag: 'Music',
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${location.origin}/api/projects/${PROJECT_ID}/cover`);
    expect((xhr.body!.get('photo') as File).name).toBe('cover.png');
    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading cover...' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => xhr.respond(200, { project: projectFacts() }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
  });

  it("shows the server's refusal of an upload and stays open with the choice kept", async () => {
    const { user, onClose } = renderEdit({ [PATCH]: () => json({ project: projectFacts() }) });
    await user.click(await screen.findByRole('radio', { name: 'Upload a picture' }));
    await user.upload(screen.getByLabelText(/^Picture/), png());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() =>
      FakeXhr.last!.respond(415, {
        error: { code: 'invalid_file_type', message: 'Invalid file type. Please upload a valid image file.' },
      }),
    );
    expect(await screen.findByText('Invalid file type. Please upload a valid image file.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Upload a picture' })).toBeChecked();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a picture before saving an upload with none, and refuses a file that is not an image', async () => {
    const { user, fetchMock } = renderEdit({});
    await user.click(await screen.findByRole('radio', { name: 'Upload a picture' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please choose a picture to upload.')).toBeVisible();
    fireEvent.change(screen.getByLabelText(/^Picture/), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByText('Please select a valid image file (JPEG, PNG, WebP, or GIF)')).toBeVisible();
    expect(screen.getByLabelText(/^Picture/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.last).toBeNull();
  });

  it('sets one of the check-in photos as the cover', async () => {
    const { user, onClose, fetchMock } = renderEdit({
      [PATCH]: () => json({ project: projectFacts() }),
      [PUT]: () => json({ project: projectFacts() }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Use one of your check-in photos' }));
    const photos = screen.getAllByRole('radio', { name: /^Check-in photo from/ });
    expect(photos).toHaveLength(1); // the text-only check-in is not offered
    await user.click(photos[0]!);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, PUT)).toEqual({ source: 'check-in', checkInId: 'with-photo' });
  });

  it("goes back to the tag's picture", async () => {
    const { user, onClose, fetchMock } = renderEdit({
      [PATCH]: () => json({ project: projectFacts() }),
      [PUT]: () => json({ project: projectFacts() }),
    });
    await user.click(await screen.findByRole('radio', { name: "Use the tag's picture" }));
    expect(document.querySelector('img[src="/images/categories/music.svg"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, PUT)).toEqual({ source: 'tag' });
  });
});
