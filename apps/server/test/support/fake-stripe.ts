// A local fake of the few Stripe API calls Kept makes (customers, payment intents, refunds), for the
// stripe SDK pointed at 127.0.0.1 via STRIPE_API_URL. It records every request, honours Idempotency-Key
// like Stripe (same key → same response), and lets a test move an intent to succeeded or failed and
// build the webhook event Stripe would send, signed with stripe.webhooks.generateTestHeaderString.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_kept_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_kept_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_kept_fake_secret',
} as const;

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string; type: string } | null;
  created: number;
  livemode: false;
};

type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: unknown;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
};

/** 'metadata[projectId]=x&allowed_payment_method_types[0]=card' → nested object. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let node = out as Record<string, unknown>;
    for (let i = 0; i < parts.length - 1; i += 1) {
      node[parts[i]!] ??= {};
      node = node[parts[i]!] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

export type FakeStripe = {
  url: string;
  env: Record<string, string>;
  requests: RecordedRequest[];
  intents: Map<string, Intent>;
  /** Answer the next `n` API calls with a 500 (Stripe's "do not retry" header set). */
  failNext: (n: number) => void;
  /** The intent after a successful charge (as the API would return it). */
  succeed: (intentId: string) => Intent;
  /** The intent after a declined attempt. */
  decline: (intentId: string, message?: string) => Intent;
  refunds: Map<string, Refund>;
  /** The status new refunds are answered with (default 'succeeded'; 'pending' as for some cards). */
  refundStatus: (status: Refund['status']) => void;
  /** A refund changes at Stripe (a pending one succeeds or fails); returns it as the API would. */
  settleRefund: (id: string, status: Refund['status']) => Refund;
  /** A webhook event as Stripe sends it (its object: an intent or a refund). */
  event: (type: string, object: Intent | Refund, id?: string) => { id: string; payload: string };
  /** Headers and body of a webhook delivery, signed like Stripe (timestamp in seconds, default now). */
  signed: (
    payload: string,
    opts?: { timestamp?: number; secret?: string },
  ) => { signature: string; payload: string };
  close: () => Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const refunds = new Map<string, Refund>();
  let newRefundStatus: Refund['status'] = 'succeeded';
  let counter = 0;
  let failures = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const handle = (
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: {
          id: nextId('cus'),
          object: 'customer',
          email: body.email ?? null,
          metadata: body.metadata ?? {},
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = nextId('pi');
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        amount_received: 0,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
        customer: typeof body.customer === 'string' ? body.customer : null,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent
        ? { status: 200, body: intent }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            },
          };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent || intent.status === 'succeeded')
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent cannot be canceled' },
          },
        };
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund: Refund = {
        id: nextId('re'),
        object: 'refund',
        amount: Number(body.amount),
        payment_intent: body.payment_intent,
        status: newRefundStatus,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: structuredClone(refund) };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.get(refundPath[1]!);
      return refund
        ? { status: 200, body: structuredClone(refund) }
        : {
            status: 404,
            body: {
              error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such refund' },
            },
          };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } },
    };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = parseForm(raw);
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req'), ...extra });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (failures > 0) {
        failures -= 1;
        return send(
          500,
          { error: { type: 'api_error', message: 'Injected failure' } },
          { 'stripe-should-retry': 'false' },
        );
      }
      const key = req.headers['idempotency-key'];
      const scoped = typeof key === 'string' && req.method === 'POST' ? `${path} ${key}` : null;
      const earlier = scoped ? idempotent.get(scoped) : undefined;
      if (earlier) return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
      const answer = handle(req.method ?? 'GET', path, body);
      if (scoped) idempotent.set(scoped, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const mustGet = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
    return intent;
  };

  return {
    url,
    env: { ...STRIPE_TEST_KEYS, STRIPE_API_URL: url },
    requests,
    intents,
    failNext: (n) => {
      failures = n;
    },
    succeed: (id) => {
      const intent = mustGet(id);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
      });
      return structuredClone(intent);
    },
    decline: (id, message = 'Your card was declined.') => {
      const intent = mustGet(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { message, code: 'card_declined', type: 'card_error' },
      });
      return structuredClone(intent);
    },
    refunds,
    refundStatus: (status) => {
      newRefundStatus = status;
    },
    settleRefund: (id, status) => {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake Stripe has no refund ${id}`);
      refund.status = status;
      return structuredClone(refund);
    },
    event: (type, object, id = nextId('evt')) => ({
      id,
      payload: JSON.stringify(
        {
          id,
          object: 'event',
          api_version: Stripe.API_VERSION,
          created: Math.floor(Date.now() / 1000),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: { object },
        },
        null,
        2,
      ),
    }),
    signed: (payload, opts = {}) => ({
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      }),
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** POST a payload to the app's Stripe webhook as Stripe would, with the given signature header (or none). */
export function deliverWebhook(app: FastifyInstance, payload: string, signature: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

/** Build the event Stripe would send about `object`, sign it and deliver it to the app. */
export function sendStripeEvent(
  app: FastifyInstance,
  stripe: FakeStripe,
  type: string,
  object: Parameters<FakeStripe['event']>[1],
  id?: string,
) {
  const { signature, payload } = stripe.signed(stripe.event(type, object, id).payload);
  return deliverWebhook(app, payload, signature);
}
