import type { FastifyPluginAsync } from 'fastify';
import {
  ErrorEnvelopeSchema,
  NewsletterRequestSchema,
  NewsletterResponseSchema,
  type NewsletterResponse,
} from '@kept/contract';
import { z } from 'zod';
import { htmlPage, withErrors } from '../../http/responses.ts';
import { EMAIL_MESSAGES, MESSAGES, normalizeEmail, validateEmail } from '@kept/domain';
import { RateLimitedError, type RateLimiter } from '../rate-limit/limiter.ts';
import { unsubscribePage } from './emails.ts';
import type { NewsletterService } from './service.ts';

const HOUR = 3_600_000;

/**
 * The footer form's refusals answer `{ success: false, error }` (spec §7); a request refused before the
 * route runs (a bad body, another site) answers the error format.
 */
const REFUSED = z.union([NewsletterResponseSchema, ErrorEnvelopeSchema]);

/**
 * POST /api/newsletter {email} → { success, error } (the footer form's contract, spec §7);
 * GET /api/newsletter/unsubscribe?token=… → a small page.
 */
export const newsletterRoutes =
  (deps: { newsletter: NewsletterService; limiter: RateLimiter; baseUrl: string }): FastifyPluginAsync =>
  async (app) => {
    app.post(
      '/api/newsletter',
      {
        schema: {
          response: withErrors({ 200: NewsletterResponseSchema, 400: REFUSED, 429: REFUSED }),
          // The body is read by the handler (NewsletterRequestSchema), so its refusals keep the form's format.
          description:
            'Body `{ email }` (NewsletterRequest); its messages are answered as `{ success: false, error }`.',
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as { email?: unknown };
        const parsed = NewsletterRequestSchema.safeParse({ email: body.email });
        if (!parsed.success) {
          const missing = body.email === undefined || body.email === null;
          const error =
            typeof body.email === 'string' || missing
              ? (validateEmail(missing ? '' : (body.email as string)) ?? EMAIL_MESSAGES.invalid)
              : EMAIL_MESSAGES.invalid;
          return reply.status(400).send({ success: false, error } satisfies NewsletterResponse);
        }
        const email = normalizeEmail(parsed.data.email);
        try {
          await deps.limiter.consume(
            { key: `newsletter:ip:${request.ip}`, max: 30, windowMs: HOUR },
            { key: `newsletter:email:${email}`, max: 5, windowMs: HOUR },
          );
        } catch (err) {
          if (err instanceof RateLimitedError) {
            return reply
              .status(429)
              .header('retry-after', String(err.retryAfterSeconds))
              .send({
                success: false,
                error: MESSAGES.tooManyRequests,
              } satisfies NewsletterResponse);
          }
          throw err;
        }
        await deps.newsletter.subscribe(email);
        return reply.send({ success: true } satisfies NewsletterResponse);
      },
    );

    app.get(
      '/api/newsletter/unsubscribe',
      {
        schema: {
          description: 'Query `token`: the link of a newsletter email.',
          response: withErrors({
            200: htmlPage('Unsubscribed from the newsletter.'),
            400: htmlPage('The link is not valid.'),
          }),
        },
      },
      async (request, reply) => {
        const token = (request.query as { token?: unknown }).token;
        const ok = typeof token === 'string' && (await deps.newsletter.unsubscribe(token));
        return reply
          .status(ok ? 200 : 400)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribePage({ ok, homeUrl: `${deps.baseUrl}/` }));
      },
    );
  };
