// The owner's actions on a project (edit, delete) and the signed-in user's own list.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditProjectRequestSchema,
  MyProjectsResponseSchema,
  OkResponseSchema,
  ProjectCardResponseSchema,
  ProjectIdParamsSchema as params,
  type MyProjectsResponse,
} from '@kept/contract';
import { hasEnded } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { projects, userFavorites, users } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { findOwnedProject } from './access.ts';
import { settlementStatements } from '../settlement/statement.ts';
import { cardColumns, toProjectCard } from './cards.ts';

export const DELETE_BEFORE_END = 'You can delete a project only after its end date has passed.';

export const manageProjectRoutes =
  (db: Db, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    const cardOf = async (id: string) => {
      const [row] = await db
        .select(cardColumns)
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(eq(projects.id, id));
      return toProjectCard(row!, clock.now());
    };

    app.patch(
      '/api/projects/:projectId',
      {
        schema: {
          params,
          body: EditProjectRequestSchema,
          response: withErrors({ 200: ProjectCardResponseSchema }),
        },
      },
      async (request) => {
        const user = await request.requireUser();
        const project = await findOwnedProject(db, request.params.projectId, user);
        const { title, description, tag } = request.body;
        await db
          .update(projects)
          .set({ title, description, tag, updatedAt: clock.now() })
          .where(eq(projects.id, project.id));
        return { project: await cardOf(project.id) };
      },
    );

    app.delete(
      '/api/projects/:projectId',
      { schema: { params, response: withErrors({ 200: OkResponseSchema }) } },
      async (request) => {
        const user = await request.requireUser();
        const now = clock.now();
        await db.transaction(async (tx) => {
          const project = await findOwnedProject(tx, request.params.projectId, user, { forUpdate: true });
          if (!hasEnded(project.endDate, now)) throw new DomainError('project_not_ended', DELETE_BEFORE_END);
          // The project leaves every list; its payments, check-ins and ledger stay (records are kept 7 years).
          await tx
            .update(projects)
            .set({ deletedAt: now, updatedAt: now })
            .where(eq(projects.id, project.id));
          await tx.delete(userFavorites).where(eq(userFavorites.projectId, project.id));
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/api/me/projects',
      { schema: { response: withErrors({ 200: MyProjectsResponseSchema }) } },
      async (request, reply): Promise<MyProjectsResponse> => {
        const user = await request.requireUser();
        const rows = await db
          .select(cardColumns)
          .from(projects)
          .innerJoin(users, eq(users.id, projects.userId))
          .where(and(eq(projects.userId, user.id), isNull(projects.deletedAt)))
          .orderBy(desc(projects.createdAt));
        const now = clock.now();
        const cards = rows.map((r) => toProjectCard(r, now));
        const settled = await settlementStatements(db, rows, now);
        reply.header('cache-control', 'no-store');
        return {
          activeProjects: cards.filter((c) => c.status !== 'completed'),
          completedProjects: cards
            .filter((c) => c.status === 'completed')
            .map((c) => ({ ...c, settlement: settled.get(c.id) ?? null })),
        };
      },
    );
  };
