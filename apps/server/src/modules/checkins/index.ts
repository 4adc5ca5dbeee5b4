// Check-ins: the plugin that registers the module's routes with its use cases.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addCheckIn, type CheckInDeps } from './add-check-in.ts';
import { deleteCheckIn, editCheckIn } from './fix-check-in.ts';
import { checkInRoutes } from './routes.ts';

export const checkInsModule =
  (deps: CheckInDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      checkInRoutes({
        addCheckIn: (input) => addCheckIn(deps, input),
        editCheckIn: (input) => editCheckIn(deps, input),
        deleteCheckIn: (input) => deleteCheckIn(deps, input),
      }),
    );
  };
