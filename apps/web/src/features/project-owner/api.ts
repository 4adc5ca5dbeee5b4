// The owner's calls: their own projects, editing and deleting one.
import type { EditProjectRequest, MyProjectsResponse, ProjectCard } from '@kept/contract';
import { apiRequest } from '../../lib/api';

export type { MyProjectsResponse };

export const myProjectsQueryKey = ['me', 'projects'] as const;

/** GET /api/me/projects: the signed-in user's projects, split into active and completed. */
export function fetchMyProjects(signal?: AbortSignal): Promise<MyProjectsResponse> {
  return apiRequest<MyProjectsResponse>('/api/me/projects', signal ? { signal } : {});
}

/** PATCH /api/projects/:id {title, description, tag, imageUrl}. */
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
