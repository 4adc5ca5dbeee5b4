// Web push (issue 23): the server's public key, a browser's subscription (what PushSubscription.toJSON()
// gives, less its expiry) and the list of the signed-in user's subscribed devices.
import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

const INVALID_SUBSCRIPTION = 'This browser gave Kept a push subscription it cannot use. Please try again.';

/** URL-safe base64 without padding, of exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string({ error: INVALID_SUBSCRIPTION })
    .length(Math.ceil((bytes * 4) / 3), { error: INVALID_SUBSCRIPTION })
    .regex(/^[A-Za-z0-9_-]+$/, { error: INVALID_SUBSCRIPTION });

export const PushPublicKeyResponseSchema = z.object({
  /** The VAPID public key: an uncompressed P-256 point, URL-safe base64 (applicationServerKey). */
  publicKey: z.string(),
});
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;

export const PushSubscribeRequestSchema = z.object({
  /** The push service's URL for this browser: always https. */
  endpoint: z
    .string({ error: INVALID_SUBSCRIPTION })
    .max(2048, { error: INVALID_SUBSCRIPTION })
    .refine(
      (v) => {
        try {
          return new URL(v).protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: INVALID_SUBSCRIPTION },
    ),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65),
      /** The browser's authentication secret (16 bytes). */
      auth: base64url(16),
    },
    { error: INVALID_SUBSCRIPTION },
  ),
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequestSchema>;

export const PushDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", from the browser's User-Agent when it subscribed. */
  deviceLabel: z.string(),
  /** So a browser can tell which row is itself (compared with its own subscription). */
  endpoint: z.string(),
  createdAt: IsoDateTimeSchema,
  /** The last push the push service accepted for it (null: none yet). */
  lastSuccessAt: IsoDateTimeSchema.nullable(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesResponseSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDevicesResponse = z.infer<typeof PushDevicesResponseSchema>;

export const PushDeviceParamsSchema = z.object({ deviceId: z.string().max(100) });

/** What a push carries to the service worker (JSON, encrypted per RFC 8291). */
export const PushMessageSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  /** A path of Kept's, opened when the notification is clicked. */
  url: z.string().startsWith('/'),
  /** Notifications with one tag replace each other on the device. */
  tag: z.string().max(200),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
