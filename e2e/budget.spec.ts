// The built app stays small: ≤ 120 KB gzip of JavaScript before the first screen, ≤ 30 KB more per screen.
// Reads Vite's manifest of the build the web server of this run serves (apps/web/dist).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = process.env.KEPT_E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const INITIAL_BUDGET = 120_000;
const SCREEN_BUDGET = 30_000;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

function readManifest(): Record<string, Chunk> {
  const file = path.join(dist, '.vite', 'manifest.json');
  expect(fs.existsSync(file), `${file} (built by the web server step)`).toBe(true);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

/** The chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) closure(manifest, dependency, seen);
  return seen;
}

function gzipSize(manifest: Record<string, Chunk>, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.js')) continue;
    total += zlib.gzipSync(fs.readFileSync(path.join(dist, chunk.file))).length;
  }
  return total;
}

test('initial JavaScript and every lazily loaded screen stay within budget', () => {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  expect(entry, 'the entry chunk').toBeDefined();
  const initial = closure(manifest, entry!);
  const initialSize = gzipSize(manifest, initial);
  expect(initialSize, 'initial JS, bytes gzip').toBeLessThanOrEqual(INITIAL_BUDGET);

  const screens = Object.keys(manifest).filter((key) => manifest[key]!.src?.startsWith('src/routes/'));
  expect(screens.length, 'lazily loaded screens').toBeGreaterThanOrEqual(19);
  for (const screen of screens) {
    const extra = [...closure(manifest, screen)].filter((key) => !initial.has(key));
    expect(gzipSize(manifest, extra), `${screen}: JS loaded on first visit, bytes gzip`).toBeLessThanOrEqual(
      SCREEN_BUDGET,
    );
  }
});
