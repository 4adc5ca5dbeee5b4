// Every API route declares its responses: its successes, and the error format for every 4xx and 5xx
// (the error handler's answers are serialised and checked against it too).
import { ErrorEnvelopeSchema } from '@kept/contract';
import { z } from 'zod';

/** The route's success schemas by status, plus the error format for every 4xx and 5xx. */
export function withErrors<S extends Record<number, z.ZodType | TextBody>>(
  success: S,
): S & { '4xx': typeof ErrorEnvelopeSchema; '5xx': typeof ErrorEnvelopeSchema } {
  return { ...success, '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema };
}

type TextBody = { description: string; content: Record<string, { schema: z.ZodString }> };
type HtmlPage = { description: string; content: { 'text/html': { schema: z.ZodString } } };

/** A page the server writes itself (e.g. the unsubscribe links' answers), as HTML. */
export const htmlPage = (description: string): HtmlPage => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/** A text file the server writes itself (e.g. the calendar feed's `text/calendar`). */
export const textFile = (description: string, mediaType: string): TextBody => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});
