// GET /api/users/:username — a creator's public profile with their projects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PublicProfileResponseSchema,
  UsernameParamsSchema,
  type PublicProfileResponse,
} from '@kept/contract';
import { withErrors } from '../../http/responses.ts';

export const profileRoutes =
  (useCases: { showProfile: (username: string) => Promise<PublicProfileResponse> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users/:username',
      {
        schema: { params: UsernameParamsSchema, response: withErrors({ 200: PublicProfileResponseSchema }) },
      },
      async (request) => useCases.showProfile(request.params.username),
    );
  };
