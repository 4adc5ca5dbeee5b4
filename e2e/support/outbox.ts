// The e2e server writes every email as an .eml file in $DATA_DIR/outbox (no SMTP_URL). These helpers find
// the newest message for an address and read the links in it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface OutboxEmail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text of every part (plain text and HTML), one after the other. */
  body: string;
}

/** $DATA_DIR/outbox of this run's server (playwright.config.ts puts DATA_DIR in KEPT_E2E_DATA_DIR). */
export function outboxDir(): string {
  const dataDir = process.env.KEPT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('KEPT_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** Quoted-printable: soft line breaks ('=' at the end of a line) join lines; '=XX' is the byte 0xXX. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Header block → lower-cased name to value (folded lines unfolded). */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHeadersAndBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ''];
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded text of a message or multipart entity, parts one after the other. */
function decodeEntity(raw: string): string {
  const [headerBlock, body] = splitHeadersAndBody(raw);
  const headers = parseHeaders(headerBlock);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return decodePart(headers, body);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => decodeEntity(part.replace(/^\r?\n/, '')))
    .join('\n');
}

export function readEmail(file: string): OutboxEmail {
  const raw = fs.readFileSync(file, 'utf8');
  const headers = parseHeaders(splitHeadersAndBody(raw)[0]);
  return {
    file,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    body: decodeEntity(raw),
  };
}

/** The newest message in the outbox sent to `address` (optionally with this subject), or null. */
export function newestEmailTo(address: string, subject?: string): OutboxEmail | null {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const email = readEmail(file);
    if (!email.to.toLowerCase().includes(address.toLowerCase())) continue;
    if (subject !== undefined && email.subject !== subject) continue;
    return email;
  }
  return null;
}

/** Waits (polling, up to 10 s) until a message to `address` arrives, and returns the newest one. */
export async function waitForEmail(address: string, subject?: string): Promise<OutboxEmail> {
  let found: OutboxEmail | null = null;
  await expect
    .poll(() => (found = newestEmailTo(address, subject)), {
      message: `an email to ${address}${subject ? ` with the subject "${subject}"` : ''} in ${outboxDir()}`,
      timeout: 10_000,
    })
    .not.toBeNull();
  return found!;
}

/** The reset link's path and query ('/reset-password?token=…') in a message. */
export function resetPasswordPath(email: OutboxEmail): string {
  const match = /\/reset-password\?token=[^\s"'<>&]+/.exec(email.body);
  if (!match) throw new Error(`No /reset-password?token=… link in ${email.file}:\n${email.body}`);
  return match[0];
}
