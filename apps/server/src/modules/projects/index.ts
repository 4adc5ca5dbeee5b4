// Projects: the plugin that registers the module's routes with its use cases. (A project is created
// by its deposit's payment: create-from-deposit.ts, called by the payments module.)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeVisibility } from './change-visibility.ts';
import { chooseCover } from './choose-cover.ts';
import { deleteProject } from './delete-project.ts';
import { editProject } from './edit-project.ts';
import { listMyProjects } from './list-my-projects.ts';
import { createProjectPageCache } from './page-cache.ts';
import { projectRoutes } from './routes.ts';
import { showProject } from './show-project.ts';
import { uploadCover, type CoverDeps } from './upload-cover.ts';

export const projectsModule =
  (deps: CoverDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const pages = createProjectPageCache(deps);
    await app.register(
      projectRoutes({
        showProject: (projectId, viewer) => showProject(deps, projectId, viewer),
        showAnonymousPage: (projectId) => pages.anonymousPage(projectId),
        editProject: (input) => editProject(deps, input),
        deleteProject: (input) => deleteProject(deps, input),
        listMyProjects: (user) => listMyProjects(deps, user),
        uploadCover: (input) => uploadCover(deps, input),
        chooseCover: (input) => chooseCover(deps, input),
        changeVisibility: (input) => changeVisibility(deps, input),
      }),
    );
  };
