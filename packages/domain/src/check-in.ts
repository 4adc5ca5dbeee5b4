// Check-in form rules: something to share, image files, YouTube links, upload file names (spec §5 Check-in).
import { youTubeVideoId } from './youtube.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_MB = 10;
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp', 'gif'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/gif'] as const;
export const UPDATE_TEXT_MAX_LENGTH = 5000;

export const CHECK_IN_MESSAGES = {
  empty: 'Please provide an update, photo, or video',
  invalidImage: 'Please select a valid image file (JPEG, PNG, WebP, or GIF)',
  imageTooLarge: 'Image file is too large. Maximum size is 10MB.',
  invalidVideo: 'Please enter a valid YouTube link',
  updateTooLong: 'Update must be 5000 characters or less.',
  /** Server-side upload check (spec §8). */
  uploadInvalidType: 'Invalid file type. Please upload a valid image file.',
  failed: 'Failed to submit check-in',
} as const;

/** 'File size too large. Maximum size is 10MB.' (server-side upload check, spec §8). */
export function uploadTooLargeMessage(maxMb: number = MAX_IMAGE_MB): string {
  return `File size too large. Maximum size is ${maxMb}MB.`;
}

export function isImageMimeType(type: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** The browser's check of a chosen photo: an accepted type and at most 10 MB. */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (!isImageMimeType(file.type)) return CHECK_IN_MESSAGES.invalidImage;
  if (file.size > MAX_IMAGE_BYTES) return CHECK_IN_MESSAGES.imageTooLarge;
  return null;
}

/** 'checkin_{projectId}_{timestamp}.{ext}', the extension taken from the original name, 'jpg' otherwise. */
export function checkInFileName(projectId: string, timestampMs: number, originalName: string): string {
  const dot = originalName.lastIndexOf('.');
  const ext = dot >= 0 ? originalName.slice(dot + 1).toLowerCase() : '';
  const safeExt = (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? ext : 'jpg';
  return `checkin_${projectId}_${timestampMs}.${safeExt}`;
}

export type CheckInDraft = { updateText?: string | null; hasPhoto?: boolean; videoUrl?: string | null };

/** A check-in needs text, a photo or a video; a video must be a YouTube link. */
export function validateCheckInDraft(draft: CheckInDraft): string | null {
  const text = (draft.updateText ?? '').trim();
  const video = (draft.videoUrl ?? '').trim();
  if (text === '' && !draft.hasPhoto && video === '') return CHECK_IN_MESSAGES.empty;
  if (text.length > UPDATE_TEXT_MAX_LENGTH) return CHECK_IN_MESSAGES.updateTooLong;
  if (video !== '' && youTubeVideoId(video) === null) return CHECK_IN_MESSAGES.invalidVideo;
  return null;
}
