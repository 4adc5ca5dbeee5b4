import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import ImagePlus from 'lucide-react/icons/image-plus';
import {
  CHECK_IN_MESSAGES,
  IMAGE_MIME_TYPES,
  UPDATE_TEXT_MAX_LENGTH,
  isSameTimezone,
  validateImageFile,
} from '@kept/domain';
import { checkInRequest, type ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog-footer';
import { Modal } from '../../components/ui/dialog';
import { Field, inputClass, TextField } from '../../components/ui/field';
import { ApiError, NetworkError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { requestResolver } from '../../lib/forms';
import { useFilePreview } from '../../lib/use-file-preview';
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

interface CheckInValues {
  updateText: string;
  videoUrl: string;
  /** The file chosen, as chosen: one that is not a picture Kept takes holds the photo's message. */
  photo: File | null;
  isCoverPhoto: boolean;
}

const toRequest = ({ updateText, videoUrl, isCoverPhoto }: CheckInValues) => ({
  updateText,
  videoUrl,
  isCoverPhoto,
});
const photoMessage = ({ photo }: Pick<CheckInValues, 'photo'>) => {
  const invalid = photo ? validateImageFile(photo) : null;
  return invalid ? { photo: invalid } : {};
};
/** The contract's check-in request (whether a photo comes with it decides what is required), the photo's own check. */
const checks = {
  withPhoto: requestResolver<CheckInValues, ReturnType<typeof toRequest>>(
    checkInRequest(true),
    toRequest,
    undefined,
    photoMessage,
  ),
  withoutPhoto: requestResolver<CheckInValues, ReturnType<typeof toRequest>>(
    checkInRequest(false),
    toRequest,
    undefined,
    photoMessage,
  ),
};
const checkInResolver: Resolver<CheckInValues> = (values, context, options) =>
  (values.photo ? checks.withPhoto : checks.withoutPhoto)(values, context, options);

const TEXT_FIELDS = ['updateText', 'videoUrl'] as const;

/** The server's messages for the fields it names (a refused request), or none. */
function fieldMessages(error: unknown): [(typeof TEXT_FIELDS)[number], string][] {
  const fields = error instanceof ApiError && error.fromServer ? (error.fields ?? {}) : {};
  return TEXT_FIELDS.flatMap((name) => (fields[name] ? [[name, fields[name]] as [typeof name, string]] : []));
}

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.fromServer) return error.message;
  return CHECK_IN_MESSAGES.failed;
}

/**
 * The owner's check-in: text, a photo (checked in the browser first), a YouTube link and the cover-photo
 * choice, on react-hook-form with the contract's request schema; an upload progress bar; a warning when
 * this device's timezone differs from the saved one. Success shows for 1.5 s, then the dialog closes. A
 * failure keeps everything and says why.
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
  const ids = { cover: useId(), progress: useId(), message: useId() };
  const checkIn = useCheckIn(project.id);
  const form = useForm<CheckInValues>({
    defaultValues: { updateText: '', videoUrl: '', photo: null, isCoverPhoto: false },
    resolver: checkInResolver,
  });
  const { errors, isSubmitted } = form.formState;
  const photo = useWatch({ control: form.control, name: 'photo' });
  const usablePhoto = photo && !validateImageFile(photo) ? photo : null;
  // Not form state: how much of the upload has gone, and the chosen photo's preview address.
  const [progress, setProgress] = useState(0);
  const [preview, showPreview] = useFilePreview();
  const fileInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const device = deviceTimeZone();
  const saved = user?.timezone ?? null;
  // An alias names the same zone ('Asia/Calcutta' is 'Asia/Kolkata'): no warning for it.
  const zoneMismatch = device !== null && saved !== null && !isSameTimezone(device, saved);
  const uploading = checkIn.isPending;
  const done = checkIn.isSuccess;

  /** A new choice of photo (or none): checked at once; after a submit, the update's message is checked again too. */
  function setPhoto(file: File | null) {
    form.setValue('photo', file, { shouldDirty: true });
    const invalid = file ? validateImageFile(file) : null;
    if (invalid) form.setError('photo', { message: invalid });
    else form.clearErrors('photo');
    showPreview(invalid ? null : file);
    if (!file || invalid) {
      form.setValue('isCoverPhoto', false);
      if (fileInput.current) fileInput.current.value = '';
    }
    if (isSubmitted) void form.trigger('updateText');
  }

  function post(values: CheckInValues) {
    if (uploading || done) return;
    setProgress(0);
    checkIn.mutate(
      { input: { ...values, photo: usablePhoto }, onProgress: setProgress },
      {
        onSuccess: () => {
          onCheckedIn();
          closeTimer.current = setTimeout(onClose, CHECK_IN_SUCCESS_MS);
        },
        onError: (error) =>
          fieldMessages(error).forEach(([name, message]) => form.setError(name, { message })),
      },
    );
  }

  // The first field the server refused is focused once the fields are enabled again.
  useEffect(() => {
    const first = fieldMessages(checkIn.error)[0];
    if (first) form.setFocus(first[0]);
  }, [checkIn.error, form]);

  // 'Please provide an update, photo, or video' is about three fields: said once, for the form.
  const empty = errors.updateText?.message === CHECK_IN_MESSAGES.empty;
  const formMessage = empty
    ? CHECK_IN_MESSAGES.empty
    : checkIn.isError && fieldMessages(checkIn.error).length === 0
      ? failureMessage(checkIn.error)
      : null;
  const update = form.register('updateText');
  const percent = Math.round(progress * 100);

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
        <form noValidate onSubmit={(event) => void form.handleSubmit(post)(event)} className="space-y-5">
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

          <Field
            label="Update"
            hint="What did you do since your last check-in?"
            error={empty ? undefined : errors.updateText?.message}
            invalid={empty}
            describedBy={empty ? ids.message : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                {...update}
                rows={4}
                maxLength={UPDATE_TEXT_MAX_LENGTH}
                disabled={uploading}
                className={inputClass}
              />
            )}
          </Field>

          <div className="space-y-1.5">
            <Field
              label="Photo"
              hint="JPEG, PNG, WebP or GIF, up to 10 MB."
              error={errors.photo?.message}
              invalid={empty}
              describedBy={empty ? ids.message : undefined}
            >
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
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file) setPhoto(file);
                      }}
                      className="sr-only"
                    />
                  </label>
                  {photo ? (
                    <Button variant="ghost" size="sm" onClick={() => setPhoto(null)} disabled={uploading}>
                      Remove photo
                    </Button>
                  ) : null}
                </div>
              )}
            </Field>
            {usablePhoto && preview ? (
              <div className="mt-2 flex items-center gap-3">
                <img
                  src={preview}
                  alt="Chosen photo"
                  className="h-20 w-28 rounded-lg border border-slate-200 object-cover"
                />
                <p className="min-w-0 truncate text-sm text-slate-700">{usablePhoto.name}</p>
              </div>
            ) : null}
            <div className="flex items-center gap-2 pt-1">
              <input
                id={ids.cover}
                type="checkbox"
                {...form.register('isCoverPhoto')}
                disabled={!usablePhoto || uploading}
                className="size-5 rounded border-slate-300 accent-primary-700"
              />
              <label
                htmlFor={ids.cover}
                className={cx('text-sm text-slate-800', !usablePhoto && 'text-slate-500')}
              >
                Use this photo as the project's cover
              </label>
            </div>
          </div>

          <TextField
            label="YouTube link"
            hint="Optional: a video of your progress."
            type="url"
            inputMode="url"
            placeholder="https://youtu.be/…"
            error={errors.videoUrl?.message}
            invalid={empty}
            aria-describedby={empty ? ids.message : undefined}
            disabled={uploading}
            {...form.register('videoUrl', { deps: 'updateText' })}
          />

          {uploading ? (
            <UploadProgress
              id={ids.progress}
              label={usablePhoto ? 'Uploading...' : 'Posting...'}
              percent={percent}
            />
          ) : null}

          <div id={ids.message}>
            <FormError message={formMessage} />
          </div>

          <DialogFooter onCancel={onClose} busy={uploading}>
            {uploading ? 'Posting...' : 'Post Check-in'}
          </DialogFooter>
        </form>
      )}
    </Modal>
  );
}
