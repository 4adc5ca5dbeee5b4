// The owner's calls: their own projects, editing one and its cover, deleting one.
import type { ChooseCoverRequest, EditProjectRequest, MyProjectsResponse, ProjectCard } from '@kept/contract';
import { apiRequest } from '../../lib/api';
import { postMultipart } from '../../lib/upload';

export type { MyProjectsResponse };

export const myProjectsQueryKey = ['me', 'projects'] as const;

/** GET /api/me/projects: the signed-in user's projects, split into active and completed. */
export function fetchMyProjects(signal?: AbortSignal): Promise<MyProjectsResponse> {
  return apiRequest<MyProjectsResponse>('/api/me/projects', signal ? { signal } : {});
}

/** PATCH /api/projects/:id {title, description, tag}. */
export function updateProject(
  projectId: string,
  edit: EditProjectRequest,
): Promise<{ project: ProjectCard }> {
  return apiRequest<{ project: ProjectCard }>(`/api/projects/${encodeURIComponent(projectId)}`, {
    method: 'PATCH',
    body: edit,
  });
}

/** DELETE /api/projects/:id (only once the project has ended). */
export function deleteProject(projectId: string): Promise<unknown> {
  return apiRequest<unknown>(`/api/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

/** POST /api/projects/:id/cover (multipart, file `photo`): the server re-encodes and stores it. */
export function uploadCover(
  projectId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ project: ProjectCard }> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return postMultipart(`/api/projects/${encodeURIComponent(projectId)}/cover`, form, onProgress);
}

/** PUT /api/projects/:id/cover: one of the project's check-in photos, or the tag's picture. */
export function chooseCover(
  projectId: string,
  choice: ChooseCoverRequest,
): Promise<{ project: ProjectCard }> {
  return apiRequest<{ project: ProjectCard }>(`/api/projects/${encodeURIComponent(projectId)}/cover`, {
    method: 'PUT',
    body: choice,
  });
}
