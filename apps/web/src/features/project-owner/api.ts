// The owner's calls: their own projects, editing one and its cover, deleting one.
import type { ChooseCoverRequest, MyProjectsResponse, ProjectFacts } from '@kept/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, uploadWithProgress, type ApiBody } from '../../lib/api';
import { MY_PROJECTS_ROOT, PROJECT_LIST_ROOTS, PROJECT_ROOT } from '../../lib/query-keys';

export type { MyProjectsResponse };

export const myProjectsQueryKey = MY_PROJECTS_ROOT;

/** GET /api/me/projects: the signed-in user's projects, split into active and completed. */
export function fetchMyProjects(signal?: AbortSignal): Promise<MyProjectsResponse> {
  return call(api.GET('/api/me/projects', { signal }));
}

/** The signed-in user's projects, as a query. */
export function myProjectsQuery() {
  return queryOptions({ queryKey: myProjectsQueryKey, queryFn: ({ signal }) => fetchMyProjects(signal) });
}

/** PATCH /api/projects/:id {title, description, tag}. */
export function updateProject(
  projectId: string,
  edit: ApiBody<'/api/projects/{projectId}', 'patch'>,
): Promise<{ project: ProjectFacts }> {
  return call(api.PATCH('/api/projects/{projectId}', { params: { path: { projectId } }, body: edit }));
}

/** DELETE /api/projects/:id (only once the project has ended). */
export function deleteProject(projectId: string): Promise<unknown> {
  return call(api.DELETE('/api/projects/{projectId}', { params: { path: { projectId } } }));
}

/** Deleting an ended project: its page leaves the cache, and the lists that showed it are read again. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => deleteProject(projectId),
    onSuccess: (_answer, projectId) => {
      queryClient.removeQueries({ queryKey: [...PROJECT_ROOT, projectId] });
      for (const queryKey of PROJECT_LIST_ROOTS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** POST /api/projects/:id/cover (multipart, file `photo`): the server re-encodes and stores it. */
export function uploadCover(
  projectId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ project: ProjectFacts }> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return call(
    api.POST('/api/projects/{projectId}/cover', {
      params: { path: { projectId } },
      body: { photo: file },
      bodySerializer: () => form,
      fetch: uploadWithProgress(form, onProgress),
    }),
  );
}

/** PUT /api/projects/:id/cover: one of the project's check-in photos, or the tag's picture. */
export function chooseCover(
  projectId: string,
  choice: ChooseCoverRequest,
): Promise<{ project: ProjectFacts }> {
  return call(api.PUT('/api/projects/{projectId}/cover', { params: { path: { projectId } }, body: choice }));
}

/** PATCH /api/projects/:id {title, description, tag}, as a mutation. */
export function useUpdateProject(projectId: string) {
  return useProjectChange(projectId, (edit: ApiBody<'/api/projects/{projectId}', 'patch'>) =>
    updateProject(projectId, edit),
  );
}

/** A new cover: a picture to upload (its progress reported), or one chosen among the project's own. */
export type CoverChange = { file: File; onProgress: (fraction: number) => void } | ChooseCoverRequest;

/** POST or PUT /api/projects/:id/cover, as a mutation. */
export function useChangeCover(projectId: string) {
  return useProjectChange(projectId, (change: CoverChange) =>
    'file' in change
      ? uploadCover(projectId, change.file, change.onProgress)
      : chooseCover(projectId, change),
  );
}

/** Editing, pausing or ending a project changes its page and every list that shows it. */
function useProjectChange<Input, Answer>(projectId: string, mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...PROJECT_ROOT, projectId] });
      for (const queryKey of PROJECT_LIST_ROOTS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** POST /api/projects/:id/pauses {period} and DELETE …/pauses/:period. */
export function usePause(projectId: string) {
  return useProjectChange(projectId, ({ period, lift }: { period: number; lift: boolean }) =>
    lift
      ? call(
          api.DELETE('/api/projects/{projectId}/pauses/{period}', {
            params: { path: { projectId, period } },
          }),
        )
      : call(
          api.POST('/api/projects/{projectId}/pauses', { params: { path: { projectId } }, body: { period } }),
        ),
  );
}

/** GET /api/projects/:id/ending: what cancelling or ending now would do, read fresh for the dialog. */
export function endingQuery(projectId: string) {
  return queryOptions({
    queryKey: [...PROJECT_ROOT, projectId, 'ending'] as const,
    queryFn: ({ signal }) =>
      call(api.GET('/api/projects/{projectId}/ending', { params: { path: { projectId } }, signal })),
    staleTime: 0,
  });
}

/** POST /api/projects/:id/cancel or /end. */
export function useEndProject(projectId: string) {
  return useProjectChange(projectId, (how: 'cancel' | 'end') =>
    how === 'cancel'
      ? call(api.POST('/api/projects/{projectId}/cancel', { params: { path: { projectId } } }))
      : call(api.POST('/api/projects/{projectId}/end', { params: { path: { projectId } } })),
  );
}

/** PUT /api/projects/:id/visibility: public (listed) or unlisted (by its link only). */
export function useChangeVisibility(projectId: string) {
  return useProjectChange(projectId, (visibility: 'public' | 'unlisted') =>
    call(
      api.PUT('/api/projects/{projectId}/visibility', {
        params: { path: { projectId } },
        body: { visibility },
      }),
    ),
  );
}
