// The controls of CheckInFix (check-in-fix.tsx), loaded only while a check-in can still be changed: edit
// its text or YouTube link, replace its photo, or delete it. The server decides; once the window closes
// (and nothing is in flight) they give way to `permanent`.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { IMAGE_MIME_TYPES, validateImageFile } from '@kept/domain';
import type { CheckInDto } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Field, TextField, inputClass } from '../../components/ui/field';
import { FormError } from '../../components/ui/form-error';
import { ApiError, NetworkError, api, call } from '../../lib/api';

function messageOf(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.fromServer) return error.message;
  return 'Failed to change the check-in. Please try again.';
}

/** The current time, moved on every 15 s until `until` (ms) has passed. */
function useNowUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const waiting = now < until;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return now;
}

export default function CheckInFixControls({
  projectId,
  checkIn,
  number,
  until,
  onChanged,
  permanent,
}: {
  projectId: string;
  checkIn: CheckInDto;
  number: number;
  /** When the window to change it closes (ms). */
  until: number;
  /** Reads the project again after a change (the mutation waits for it). */
  onChanged: () => Promise<unknown>;
  /** What stands here once the window has closed. */
  permanent: ReactNode;
}) {
  const now = useNowUntil(until);
  const open = now < until;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(checkIn.updateText ?? '');
  const [link, setLink] = useState(checkIn.videoUrl ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const errorId = useId();

  const edit = useMutation({
    mutationFn: () => {
      const path = { projectId, checkInId: checkIn.id };
      if (!photo)
        return call(
          api.PATCH('/api/projects/{projectId}/check-ins/{checkInId}', {
            params: { path },
            body: { updateText: text, videoUrl: link },
          }),
        );
      // A new photo goes as a multipart form, with the text fields beside it.
      const form = new FormData();
      form.append('updateText', text);
      form.append('videoUrl', link);
      form.append('photo', photo, photo.name);
      return call(
        api.PATCH('/api/projects/{projectId}/check-ins/{checkInId}', {
          params: { path },
          body: { updateText: text, videoUrl: link, photo },
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: async () => {
      setEditing(false);
      setPhoto(null);
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      call(
        api.DELETE('/api/projects/{projectId}/check-ins/{checkInId}', {
          params: { path: { projectId, checkInId: checkIn.id } },
        }),
      ),
    onSuccess: () => onChanged(),
  });
  const error = edit.error ?? remove.error;

  if (!open && !edit.isPending && !remove.isPending) return permanent;

  const time = new Date(until).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!edit.isPending) edit.mutate();
  }

  return (
    <div className="mt-3 rounded-lg border border-dashed border-slate-300 p-3">
      {editing ? (
        <form noValidate onSubmit={onSubmit} className="space-y-3">
          <Field label={`Update of check-in #${number}`} describedBy={error ? errorId : undefined}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <TextField label="YouTube link" type="url" value={link} onChange={(e) => setLink(e.target.value)} />
          <Field label={checkIn.photoUrl ? 'Replace the photo' : 'Add a photo'} error={photoError}>
            {(control) => (
              <input
                {...control}
                type="file"
                accept={IMAGE_MIME_TYPES.join(',')}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  const problem = file ? validateImageFile(file) : null;
                  setPhotoError(problem);
                  setPhoto(problem ? null : file);
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-slate-800"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={edit.isPending}>
              Save changes
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-auto text-sm text-slate-700">
            You can change or delete this check-in until {time}.
          </p>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit check-in #{number}
          </Button>
          <Button
            variant="danger"
            size="sm"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete check-in #${number}? This cannot be undone.`)) remove.mutate();
            }}
          >
            Delete check-in #{number}
          </Button>
        </div>
      )}
      {error ? (
        <div id={errorId}>
          <FormError message={messageOf(error)} />
        </div>
      ) : null}
    </div>
  );
}
