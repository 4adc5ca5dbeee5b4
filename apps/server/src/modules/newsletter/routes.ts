// POST /api/newsletter {email} → { success, error } (the footer form's contract, spec §7);
// GET /api/newsletter/unsubscribe?token=… → a small page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  NewsletterRequestSchema,
  NewsletterResponseSchema,
  UnsubscribeQuerySchema,
  type NewsletterResponse,
} from '@kept/contract';
import { MESSAGES } from '@kept/domain';
import { z } from 'zod';
import { htmlPage, withErrors } from '../../http/responses.ts';
import { RateLimitedError } from '../rate-limit/limiter.ts';
import { unsubscribePage } from './emails.ts';

export type NewsletterUseCases = {
  subscribe: (email: string, ip: string) => Promise<void>;
  unsubscribe: (token: string) => Promise<boolean>;
};

/**
 * The footer form's refusals answer `{ success: false, error }` (spec §7); a request refused before the
 * route runs (text the database cannot store, another site) answers the error format.
 */
const REFUSED = z.union([NewsletterResponseSchema, ErrorEnvelopeSchema]);

export const newsletterRoutes =
  (deps: NewsletterUseCases & { baseUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/newsletter',
      {
        schema: {
          body: NewsletterRequestSchema,
          response: withErrors({ 200: NewsletterResponseSchema, 400: REFUSED, 429: REFUSED }),
        },
        // The body's refusal reaches the handler, which answers it in the form's format.
        attachValidation: true,
      },
      async (request, reply) => {
        if (request.validationError) {
          const error = request.validationError.validation[0]?.message ?? MESSAGES.generic;
          return reply.status(400).send({ success: false, error } satisfies NewsletterResponse);
        }
        try {
          await deps.subscribe(request.body.email, request.ip);
        } catch (err) {
          if (!(err instanceof RateLimitedError)) throw err;
          return reply
            .status(429)
            .header('retry-after', String(err.retryAfterSeconds))
            .send({ success: false, error: MESSAGES.tooManyRequests } satisfies NewsletterResponse);
        }
        return reply.send({ success: true } satisfies NewsletterResponse);
      },
    );

    app.get(
      '/api/newsletter/unsubscribe',
      {
        schema: {
          querystring: UnsubscribeQuerySchema,
          response: withErrors({
            200: htmlPage('Unsubscribed from the newsletter.'),
            400: htmlPage('The link is not valid.'),
          }),
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const ok = token !== undefined && (await deps.unsubscribe(token));
        return reply
          .status(ok ? 200 : 400)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribePage({ ok, homeUrl: `${deps.baseUrl}/` }));
      },
    );
  };
