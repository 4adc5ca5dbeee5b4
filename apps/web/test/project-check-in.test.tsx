import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CheckInDialog, { CHECK_IN_SUCCESS_MS } from '../src/features/check-in/check-in-dialog';
import { sessionQueryKey } from '../src/features/session/api';
import { alice, mockApi, renderWithProviders, sessionRoute } from './helpers';
import { PROJECT_ID, projectDetail } from './project-fixtures';

/** A stand-in for the browser's XMLHttpRequest: the test decides progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
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
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
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

function renderDialog(options: { timezone?: string; fakeTimers?: boolean } = {}) {
  mockApi(sessionRoute({ ...alice, timezone: options.timezone ?? 'UTC' }));
  const onClose = vi.fn();
  const onCheckedIn = vi.fn();
  const user = userEvent.setup(
    options.fakeTimers ? { delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null },
  );
  const { project } = projectDetail({ isOwner: true });
  const { queryClient } = renderWithProviders(
    <CheckInDialog project={project} onClose={onClose} onCheckedIn={onCheckedIn} />,
  );
  return { user, onClose, onCheckedIn, queryClient };
}

function png(name = 'progress.png', size = 68) {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
    timeZone: 'UTC',
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Check-in dialog', { timeout: 15_000 }, () => {
  it('is a labelled dialog with the update, photo, YouTube link and cover-photo fields', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Check-in' });
    const d = within(dialog);
    expect(d.getByLabelText('Update')).toBeInTheDocument();
    expect(d.getByLabelText('Photo', { exact: true })).toHaveAttribute('type', 'file');
    expect(d.getByLabelText('YouTube link')).toBeInTheDocument();
    expect(d.getByRole('checkbox', { name: "Use this photo as the project's cover" })).toBeDisabled();
    expect(d.queryByText(/This device is set to/)).not.toBeInTheDocument();
  });

  it('asks for something to share before sending anything', async () => {
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Post Check-in' }));
    expect(screen.getByText('Please provide an update, photo, or video')).toBeVisible();
    expect(FakeXhr.last).toBeNull();
  });

  it('checks the photo in the browser: type and size', async () => {
    renderDialog();
    const input = await screen.findByLabelText('Photo', { exact: true });
    // (A file picker would hide it; a drop or an old browser may not.)
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText('Please select a valid image file (JPEG, PNG, WebP, or GIF)')).toBeVisible();
    fireEvent.change(input, { target: { files: [png('huge.png', 10 * 1024 * 1024 + 1)] } });
    expect(screen.getByText('Image file is too large. Maximum size is 10MB.')).toBeVisible();
    fireEvent.change(input, { target: { files: [png()] } });
    expect(screen.queryByText('Image file is too large. Maximum size is 10MB.')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chosen photo' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByRole('checkbox', { name: "Use this photo as the project's cover" })).toBeEnabled();
  });

  it('refuses a video link that is not YouTube', async () => {
    const { user } = renderDialog();
    await user.type(await screen.findByLabelText('YouTube link'), 'https://vimeo.com/123');
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    expect(screen.getByText('Please enter a valid YouTube link')).toBeVisible();
    expect(FakeXhr.last).toBeNull();
  });

  it('says the empty message once, for the fields it is about, and drops it once a photo is chosen', async () => {
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Post Check-in' }));
    const message = screen.getByText('Please provide an update, photo, or video');
    expect(screen.getAllByText('Please provide an update, photo, or video')).toHaveLength(1);
    for (const field of [screen.getByLabelText('Update'), screen.getByLabelText('YouTube link')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    }
    await user.upload(screen.getByLabelText('Photo', { exact: true }), png());
    await waitFor(() =>
      expect(screen.queryByText('Please provide an update, photo, or video')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Update')).not.toHaveAttribute('aria-invalid');
  });

  it("keeps a refused photo's message after a submit, until the photo is removed", async () => {
    const { user } = renderDialog();
    await user.type(await screen.findByLabelText('Update'), 'Day three.');
    fireEvent.change(screen.getByLabelText('Photo', { exact: true }), {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    expect(screen.getByText('Please select a valid image file (JPEG, PNG, WebP, or GIF)')).toBeVisible();
    expect(FakeXhr.last).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(
      screen.queryByText('Please select a valid image file (JPEG, PNG, WebP, or GIF)'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    expect(FakeXhr.last!.body!.get('updateText')).toBe('Day three.');
    expect(FakeXhr.last!.body!.get('photo')).toBeNull();
  });

  it("puts the server's message for a field on that field, focused", async () => {
    const { user } = renderDialog();
    await user.type(await screen.findByLabelText('YouTube link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    act(() =>
      FakeXhr.last!.respond(400, {
        error: {
          code: 'validation_error',
          message: 'Please enter a valid YouTube link',
          fields: { videoUrl: 'Please enter a valid YouTube link' },
        },
      }),
    );
    const link = screen.getByLabelText('YouTube link');
    await waitFor(() => expect(link).toHaveAccessibleDescription(/Please enter a valid YouTube link/));
    expect(screen.getAllByText('Please enter a valid YouTube link')).toHaveLength(1);
    await waitFor(() => expect(link).toHaveFocus());
    expect(link).toHaveValue('https://youtu.be/dQw4w9WgXcQ');
  });

  it('uploads as multipart with a progress bar, shows success for 1.5 s, then closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, onClose, onCheckedIn } = renderDialog({ fakeTimers: true });
    await user.type(await screen.findByLabelText('Update'), 'Learned the C major scale.');
    await user.upload(screen.getByLabelText('Photo', { exact: true }), png());
    await user.click(screen.getByRole('checkbox', { name: "Use this photo as the project's cover" }));
    await user.type(screen.getByLabelText('YouTube link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${location.origin}/api/projects/${PROJECT_ID}/check-ins`);
    expect(xhr.body!.get('updateText')).toBe('Learned the C major scale.');
    expect(xhr.body!.get('videoUrl')).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(xhr.body!.get('isCoverPhoto')).toBe('true');
    const photo = xhr.body!.get('photo') as File;
    expect(photo.name).toMatch(new RegExp(`^checkin_${PROJECT_ID}_\\d+\\.png$`));

    act(() => xhr.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Uploading...' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    // An upload in progress cannot be dismissed by accident.
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    act(() => xhr.respond(201, { checkIn: {}, summary: {} }));
    expect(await screen.findByText('Check-in posted!')).toBeVisible();
    expect(onCheckedIn).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(CHECK_IN_SUCCESS_MS - 100);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message, or 'Failed to submit check-in', and keeps what was typed", async () => {
    const { user, onCheckedIn } = renderDialog();
    await user.type(await screen.findByLabelText('Update'), 'Day two.');
    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    act(() =>
      FakeXhr.last!.respond(409, {
        error: { code: 'project_ended', message: 'This project has ended. Check-ins are closed.' },
      }),
    );
    expect(await screen.findByText('This project has ended. Check-ins are closed.')).toBeVisible();
    expect(screen.getByLabelText('Update')).toHaveValue('Day two.');

    await user.click(screen.getByRole('button', { name: 'Post Check-in' }));
    act(() => FakeXhr.last!.respond(500, '<html>'));
    expect(await screen.findByText('Failed to submit check-in')).toBeVisible();
    expect(onCheckedIn).not.toHaveBeenCalled();
  });

  it('warns when the device timezone differs from the saved one, with a link to Settings', async () => {
    renderDialog({ timezone: 'Europe/Berlin' });
    const dialog = await screen.findByRole('dialog', { name: 'Add Check-in' });
    await waitFor(() => expect(within(dialog).getByText(/This device is set to/)).toBeVisible());
    expect(within(dialog).getByText('Europe/Berlin')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Update your timezone in Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });
});

describe('Check-in dialog timezone warning', () => {
  it("does not warn when the saved zone is the device's under another name (an alias)", async () => {
    const { queryClient } = renderDialog({ timezone: 'Etc/UTC' });
    const dialog = await screen.findByRole('dialog', { name: 'Add Check-in' });
    await waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toBeDefined());
    expect(within(dialog).queryByText(/This device is set to/)).not.toBeInTheDocument();
  });
});

describe('submitCheckIn', () => {
  it('turns a failed connection into the network message', async () => {
    const { submitCheckIn } = await import('../src/features/check-in/api');
    const pending = submitCheckIn(
      PROJECT_ID,
      { updateText: 'x', videoUrl: '', isCoverPhoto: false, photo: null },
      () => {},
    );
    FakeXhr.last!.onerror?.();
    await expect(pending).rejects.toThrow('Network error. Please try again.');
    expect(FakeXhr.last!.body!.get('photo')).toBeNull();
  });
});
