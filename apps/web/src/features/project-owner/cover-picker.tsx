import { useId, useRef, useState } from 'react';
import { IMAGE_MIME_TYPES, formatLocalDate, projectImage, validateImageFile } from '@kept/domain';
import { COVER_MESSAGES, type CheckInDto } from '@kept/contract';
import { NetworkError, isRequestError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { useFilePreview } from '../../lib/use-file-preview';
import type { CoverChange } from './api';
import { UploadProgress } from '../../components/ui/upload-progress';

/**
 * The owner's choice of cover. Covers come from Kept: a picture uploaded here (the server re-encodes and
 * stores it), one of the project's check-in photos, or the tag's picture. Never an address elsewhere.
 */
export type CoverChoice =
  | { kind: 'keep' }
  | { kind: 'upload'; file: File | null }
  | { kind: 'check-in'; checkInId: string | null }
  | { kind: 'tag' };

export const COVER_TEXT = {
  legend: 'Cover photo',
  keep: 'Keep the current cover',
  upload: 'Upload a picture',
  checkIn: 'Use one of your check-in photos',
  tag: "Use the tag's picture",
  choosePhoto: 'Choose a check-in photo.',
  uploading: 'Uploading cover...',
} as const;

/** The message for a choice that is not complete yet (no file, no photo picked), else null. */
export function incompleteCover(choice: CoverChoice): string | null {
  if (choice.kind === 'upload' && !choice.file) return COVER_MESSAGES.noFile;
  if (choice.kind === 'check-in' && !choice.checkInId) return COVER_TEXT.choosePhoto;
  return null;
}

/** The change a complete choice makes (null for 'keep'); an upload reports its progress. */
export function coverChange(choice: CoverChoice, onProgress: (fraction: number) => void): CoverChange | null {
  if (choice.kind === 'keep') return null;
  if (choice.kind === 'upload') return choice.file ? { file: choice.file, onProgress } : null;
  return choice.kind === 'tag'
    ? { source: 'tag' }
    : { source: 'check-in', checkInId: choice.checkInId ?? '' };
}

/** The server's words for a refused cover (too large, not a picture), else a general one. */
export function coverFailure(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (isRequestError(error)) return error.message;
  return COVER_MESSAGES.failed;
}

/**
 * Radio choices (arrow keys move between them), a file input for an upload, the project's check-in
 * photos as a second radio group, and a preview of what the cover will be. `progress` (0..1) shows an
 * upload in flight; `error` is announced.
 */
export function CoverPicker({
  currentImage,
  tag,
  photos,
  choice,
  onChange,
  disabled,
  progress,
  error,
}: {
  currentImage: string;
  tag: string;
  photos: readonly CheckInDto[];
  choice: CoverChoice;
  onChange: (choice: CoverChoice) => void;
  disabled: boolean;
  progress: number | null;
  error: string | null;
}) {
  const id = useId();
  const withPhotos = photos.filter((p): p is CheckInDto & { photoUrl: string } => p.photoUrl !== null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [filePreview, showFile] = useFilePreview();

  function chooseFile(file: File | undefined) {
    if (!file) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setFileError(invalid);
      showFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onChange({ kind: 'upload', file: null });
      return;
    }
    setFileError(null);
    showFile(file);
    onChange({ kind: 'upload', file });
  }

  const chosenPhoto =
    choice.kind === 'check-in' ? withPhotos.find((p) => p.id === choice.checkInId) : undefined;
  const preview =
    choice.kind === 'upload' && filePreview
      ? filePreview
      : chosenPhoto
        ? (chosenPhoto.photoThumbUrl ?? chosenPhoto.photoUrl)
        : choice.kind === 'tag'
          ? projectImage(null, tag)
          : currentImage;
  const percent = progress === null ? 0 : Math.round(progress * 100);
  const option = (kind: CoverChoice['kind'], label: string, next: CoverChoice) => (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input
        type="radio"
        name={`${id}-cover`}
        value={kind}
        checked={choice.kind === kind}
        disabled={disabled}
        onChange={() => onChange(next)}
        className="size-4 accent-primary-700"
      />
      {label}
    </label>
  );

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{COVER_TEXT.legend}</legend>
      <div className="flex flex-col gap-4 sm:flex-row">
        <figure className="w-full max-w-48 shrink-0">
          <div className="aspect-[16/9] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
            <img src={preview} alt="" className="size-full object-cover" />
          </div>
          <figcaption className="mt-1 text-xs text-slate-600">
            {choice.kind === 'keep' ? 'Current cover' : 'The new cover'}
          </figcaption>
        </figure>
        <div className="min-w-0 flex-1">
          {option('keep', COVER_TEXT.keep, { kind: 'keep' })}
          {option('upload', COVER_TEXT.upload, {
            kind: 'upload',
            file: choice.kind === 'upload' ? choice.file : null,
          })}
          {choice.kind === 'upload' ? (
            <div className="mb-2 ml-7 space-y-1">
              <label htmlFor={`${id}-file`} className="block text-sm text-slate-700">
                Picture (JPEG, PNG, WebP or GIF, up to 10 MB)
              </label>
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                name="cover"
                accept={IMAGE_MIME_TYPES.join(',')}
                disabled={disabled}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${id}-file-error` : undefined}
                onChange={(event) => chooseFile(event.target.files?.[0])}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
              />
              {fileError ? (
                <p id={`${id}-file-error`} className="text-sm font-medium text-red-700">
                  {fileError}
                </p>
              ) : null}
            </div>
          ) : null}
          {withPhotos.length > 0
            ? option('check-in', COVER_TEXT.checkIn, {
                kind: 'check-in',
                checkInId: choice.kind === 'check-in' ? choice.checkInId : null,
              })
            : null}
          {choice.kind === 'check-in' ? (
            <fieldset className="mb-2 ml-7">
              <legend className="sr-only">Check-in photos</legend>
              <div className="flex flex-wrap gap-2">
                {withPhotos.map((photo) => {
                  const date = formatLocalDate(photo.checkInProjectDate);
                  return (
                    <label
                      key={photo.id}
                      className={cx(
                        'relative block size-16 overflow-hidden rounded-lg border-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-700',
                        choice.checkInId === photo.id ? 'border-primary-700' : 'border-transparent',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-photo`}
                        value={photo.id}
                        checked={choice.checkInId === photo.id}
                        disabled={disabled}
                        onChange={() => onChange({ kind: 'check-in', checkInId: photo.id })}
                        className="sr-only"
                      />
                      <img
                        src={photo.photoThumbUrl ?? photo.photoUrl}
                        alt={`Check-in photo from ${date}`}
                        className="size-full object-cover"
                      />
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          {option('tag', COVER_TEXT.tag, { kind: 'tag' })}
        </div>
      </div>

      {progress !== null ? (
        <UploadProgress id={`${id}-progress`} label={COVER_TEXT.uploading} percent={percent} />
      ) : null}
      <div aria-live="assertive">
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
