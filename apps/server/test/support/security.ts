// Helpers of the security suite (test/security): a fingerprint of every table that holds user data or
// money, the error-format check, the security-header check and a small built web app to serve.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import { ErrorEnvelopeSchema } from '@kept/contract';

/**
 * Tables left out of the fingerprint: `rate_limits` counts attempts, refused ones included, by design.
 * Every other table of the schema is in it, so a new table is covered without a list to keep.
 */
const NOT_DATA = ['rate_limits'];

/** Row count and an md5 of every row of every data table: equal fingerprints, nothing written. */
export async function dataFingerprint(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1))
      order by table_name`,
    [NOT_DATA],
  );
  expect(tables.length, 'data tables to fingerprint').toBeGreaterThan(10);
  const sql = tables
    .map(
      ({ name: table }) =>
        `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from ${table} t`,
    )
    .join(' union all ');
  const { rows } = await pool.query<{ name: string; print: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** The reply is `{ error: { code, message, fields? } }` and says nothing of the server's insides. */
export function expectErrorEnvelope(res: LightMyRequestResponse, what = ''): void {
  expect(res.headers['content-type'], `${what} content-type`).toMatch(/^application\/json/);
  const parsed = ErrorEnvelopeSchema.strict().safeParse(safeJson(res.body));
  expect(
    parsed.success,
    `${what} is not in the error format: ${res.statusCode} ${res.body.slice(0, 300)}`,
  ).toBe(true);
  expect(res.body, `${what} leaks internals`).not.toMatch(
    /node_modules|\.ts:\d|at [\w.]+ \(|syntax error at|relation "/,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The headers every response carries, API and pages, successes and failures alike (JSON its own CSP). */
export function expectSecurityHeaders(
  res: LightMyRequestResponse,
  opts: { https?: boolean; what?: string } = {},
): void {
  const what = `${opts.what ?? ''} (${res.statusCode})`;
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, `${what} CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what} CSP`).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  if (String(h['content-type'] ?? '').startsWith('application/json')) {
    // JSON answers are data (decision 041): a CSP that lets nothing load.
    expect(csp.replace(/;upgrade-insecure-requests$/, ''), `${what} data CSP`).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    for (const name of ['x-xss-protection', 'x-dns-prefetch-control', 'x-download-options'])
      expect(h[name], `${what} ${name}: a document's header`).toBeUndefined();
  } else {
    expect(csp, `${what} CSP`).toContain("default-src 'self'");
    expect(csp, `${what} CSP`).toContain("object-src 'none'");
    expect(csp, `${what} CSP`).toContain("base-uri 'self'");
  }
  expect(h['x-content-type-options'], `${what} nosniff`).toBe('nosniff');
  expect(h['cross-origin-resource-policy'], `${what} CORP`).toBe('same-origin');
  // The same process policies on pages and data (the Lighthouse audit's first tab is /api/health).
  expect(h['cross-origin-opener-policy'], `${what} COOP`).toBe('same-origin');
  expect(h['origin-agent-cluster'], `${what} Origin-Agent-Cluster`).toBe('?1');
  expect(h['x-frame-options'], `${what} X-Frame-Options`).toBe('DENY');
  expect(h['referrer-policy'], `${what} Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(h['x-request-id'], `${what} request id`).toBeTruthy();
  if (opts.https) {
    expect(String(h['strict-transport-security']), `${what} HSTS`).toMatch(
      /max-age=31536000; includeSubDomains/,
    );
    expect(csp, `${what} CSP`).toContain('upgrade-insecure-requests');
  } else {
    expect(h['strict-transport-security'], `${what} no HSTS over http`).toBeUndefined();
  }
}

/** A built web app in a temporary folder: index.html, a hashed asset and a favicon. */
export function makeWebDist(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-sec-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Kept: beat procrastination with money on the line." />
    <title>Kept</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body>
</html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("kept")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
