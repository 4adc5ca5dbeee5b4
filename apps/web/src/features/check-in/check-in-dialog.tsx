import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import ImagePlus from 'lucide-react/icons/image-plus';
import {
  CHECK_IN_MESSAGES,
  IMAGE_MIME_TYPES,
  UPDATE_TEXT_MAX_LENGTH,
  isSameTimezone,
  validateCheckInDraft,
  validateImageFile,
} from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog-footer';
import { Modal } from '../../components/ui/dialog';
import { Field, inputClass, TextField } from '../../components/ui/field';
import { ApiError, NetworkError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { useSession } from '../session';
import { deviceTimeZone, useCheckIn } from './api';
import { UploadProgress } from '../../components/ui/upload-progress';
import { FormError } from '../../components/ui/form-error';

/** How long the success screen shows before the dialog closes. */
export const CHECK_IN_SUCCESS_MS = 1500;

export const CHECK_IN_TEXT = {
  title: 'Add Check-in',
  success: 'Check-in posted!',
  successDetail: 'Nice work. Your timeline and calendar are updated.',
} as const;

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.fromServer) return error.message;
  return CHECK_IN_MESSAGES.failed;
}

/**
 * The owner's check-in: text, a photo (checked in the browser first), a YouTube link and the cover-photo
 * choice; an upload progress bar; a warning when this device's timezone differs from the saved one.
 * Success shows for 1.5 s, then the dialog closes. A failure keeps everything and says why.
 */
export default function CheckInDialog({
  project,
  onClose,
  onCheckedIn,
}: {
  project: ProjectDetail;
  onClose: () => void;
  onCheckedIn: () => void;
}) {
  const { user } = useSession();
  const ids = { cover: useId(), progress: useId() };
  const checkIn = useCheckIn(project.id);
  const [updateText, setUpdateText] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [isCoverPhoto, setIsCoverPhoto] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  /** The chosen photo's preview URL; the previous one is released. */
  function showPreview(file: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
  }

  const device = deviceTimeZone();
  const saved = user?.timezone ?? null;
  // An alias names the same zone ('Asia/Calcutta' is 'Asia/Kolkata'): no warning for it.
  const zoneMismatch = device !== null && saved !== null && !isSameTimezone(device, saved);
  const uploading = progress !== null && !done;

  function choosePhoto(file: File | undefined) {
    setError(null);
    if (!file) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setPhotoError(invalid);
      setPhoto(null);
      showPreview(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhotoError(null);
    setPhoto(file);
    showPreview(file);
  }

  function removePhoto() {
    setPhoto(null);
    showPreview(null);
    setIsCoverPhoto(false);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading || done) return;
    const invalid = validateCheckInDraft({ updateText, videoUrl, hasPhoto: photo !== null });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await checkIn.mutateAsync({
        input: { updateText, videoUrl, isCoverPhoto, photo },
        onProgress: setProgress,
      });
      setDone(true);
      onCheckedIn();
      closeTimer.current = setTimeout(onClose, CHECK_IN_SUCCESS_MS);
    } catch (caught) {
      setProgress(null);
      setError(failureMessage(caught));
    }
  }

  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={CHECK_IN_TEXT.title}
      description={done ? undefined : `Share your progress on "${project.title}".`}
      dismissible={!uploading}
    >
      {done ? (
        <div role="status" className="flex flex-col items-center py-8 text-center">
          <CircleCheck aria-hidden="true" className="size-14 text-green-600" />
          <p className="mt-4 text-xl font-semibold text-slate-900">{CHECK_IN_TEXT.success}</p>
          <p className="mt-1 text-slate-600">{CHECK_IN_TEXT.successDetail}</p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          {zoneMismatch ? (
            <div
              role="note"
              className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <p>
                This device is set to <strong>{device}</strong>, but your saved timezone is{' '}
                <strong>{saved}</strong>. Check-ins count on the project's calendar ({project.timezone}).{' '}
                <Link to="/settings" className="font-semibold underline underline-offset-2">
                  Update your timezone in Settings
                </Link>
              </p>
            </div>
          ) : null}

          <Field label="Update" hint="What did you do since your last check-in?">
            {(control) => (
              <textarea
                {...control}
                name="updateText"
                rows={4}
                maxLength={UPDATE_TEXT_MAX_LENGTH}
                value={updateText}
                disabled={uploading}
                onChange={(event) => {
                  setUpdateText(event.target.value);
                  setError(null);
                }}
                className={inputClass}
              />
            )}
          </Field>

          <div className="space-y-1.5">
            <Field label="Photo" hint="JPEG, PNG, WebP or GIF, up to 10 MB." error={photoError}>
              {(control) => (
                <div className="flex flex-wrap items-center gap-3">
                  <label
                    className={cx(
                      'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700',
                      uploading && 'pointer-events-none opacity-60',
                    )}
                  >
                    <ImagePlus aria-hidden="true" className="size-4" />
                    {photo ? 'Choose another photo' : 'Choose a photo'}
                    <input
                      ref={fileInput}
                      {...control}
                      aria-labelledby={`${control.id}-label`}
                      type="file"
                      name="photo"
                      accept={IMAGE_MIME_TYPES.join(',')}
                      disabled={uploading}
                      onChange={(event) => choosePhoto(event.target.files?.[0])}
                      className="sr-only"
                    />
                  </label>
                  {photo ? (
                    <Button variant="ghost" size="sm" onClick={removePhoto} disabled={uploading}>
                      Remove photo
                    </Button>
                  ) : null}
                </div>
              )}
            </Field>
            {photo && preview ? (
              <div className="mt-2 flex items-center gap-3">
                <img
                  src={preview}
                  alt="Chosen photo"
                  className="h-20 w-28 rounded-lg border border-slate-200 object-cover"
                />
                <p className="min-w-0 truncate text-sm text-slate-700">{photo.name}</p>
              </div>
            ) : null}
            <div className="flex items-center gap-2 pt-1">
              <input
                id={ids.cover}
                type="checkbox"
                checked={isCoverPhoto}
                disabled={!photo || uploading}
                onChange={(event) => setIsCoverPhoto(event.target.checked)}
                className="size-5 rounded border-slate-300 accent-primary-700"
              />
              <label htmlFor={ids.cover} className={cx('text-sm text-slate-800', !photo && 'text-slate-500')}>
                Use this photo as the project's cover
              </label>
            </div>
          </div>

          <TextField
            label="YouTube link"
            hint="Optional: a video of your progress."
            name="videoUrl"
            type="url"
            inputMode="url"
            placeholder="https://youtu.be/…"
            value={videoUrl}
            disabled={uploading}
            onChange={(event) => {
              setVideoUrl(event.target.value);
              setError(null);
            }}
          />

          {progress !== null ? (
            <UploadProgress
              id={ids.progress}
              label={photo ? 'Uploading...' : 'Posting...'}
              percent={percent}
            />
          ) : null}

          <FormError message={error} />

          <DialogFooter onCancel={onClose} busy={uploading}>
            {uploading ? 'Posting...' : 'Post Check-in'}
          </DialogFooter>
        </form>
      )}
    </Modal>
  );
}
