// Posting a check-in: multipart (text fields and the photo) over XMLHttpRequest, for upload progress.
import type { CheckInDto, ProjectSummaryDto } from '@kept/contract';
import { checkInFileName } from '@kept/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, uploadWithProgress } from '../../lib/api';
import { PROJECT_LIST_ROOTS, PROJECT_ROOT } from '../../lib/query-keys';

export interface CheckInInput {
  updateText: string;
  videoUrl: string;
  isCoverPhoto: boolean;
  photo: File | null;
}

export interface CheckInResult {
  checkIn: CheckInDto;
  summary: ProjectSummaryDto;
}

/**
 * POST /api/projects/:id/check-ins as multipart/form-data (fields updateText, videoUrl, isCoverPhoto and
 * the file `photo`). `onProgress` gets the uploaded fraction (0..1). Errors: ApiError with the server's
 * message, NetworkError when it could not be reached.
 */
export function submitCheckIn(
  projectId: string,
  input: CheckInInput,
  onProgress: (fraction: number) => void,
  now: number = Date.now(),
): Promise<CheckInResult> {
  const form = new FormData();
  form.append('updateText', input.updateText);
  form.append('videoUrl', input.videoUrl);
  form.append('isCoverPhoto', input.photo && input.isCoverPhoto ? 'true' : 'false');
  if (input.photo) form.append('photo', input.photo, checkInFileName(projectId, now, input.photo.name));

  return call(
    api.POST('/api/projects/{projectId}/check-ins', {
      params: { path: { projectId } },
      // The form's fields, typed by the document; the upload itself sends `form` (with progress).
      body: {
        updateText: input.updateText,
        videoUrl: input.videoUrl,
        isCoverPhoto: input.photo && input.isCoverPhoto ? 'true' : 'false',
        ...(input.photo ? { photo: input.photo } : {}),
      },
      bodySerializer: () => form,
      fetch: uploadWithProgress(form, onProgress),
    }),
  );
}

/** Posting a check-in, as a mutation: the project's page and the lists that show it are read again. */
export function useCheckIn(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: CheckInInput; onProgress: (fraction: number) => void }) =>
      submitCheckIn(projectId, input, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...PROJECT_ROOT, projectId] });
      for (const queryKey of PROJECT_LIST_ROOTS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** The device's timezone, or null when the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
