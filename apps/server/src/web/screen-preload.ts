// Lets a page fetch its screen's code beside the entry script instead of after it has run: one
// <link rel="modulepreload"> per chunk of the screen's module graph, read from the build's Vite manifest.
import fs from 'node:fs';
import path from 'node:path';
import { screenOfPath, type ScreenName } from '@kept/contract';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The chunks of a screen (apps/web/src/routes/<screen>.tsx), its own first, then what it imports, minus
 * the entry's chunks, which index.html already loads.
 */
export function screenChunks(manifest: Manifest, screen: ScreenName): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const skip = new Set(entryKeys.flatMap((key) => [key, ...(manifest[key]!.imports ?? [])]));
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(key)) return;
    skip.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(`src/routes/${screen}.tsx`);
  return files;
}

/**
 * The modulepreload tags of each path's screen, from dist/.vite/manifest.json. Without a manifest (no
 * build, or a build without one) pages go out as they are and load their screen after the entry.
 */
export function screenPreloads(distDir: string): (pathname: string) => string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const tags = new Map<ScreenName, string>();
  return (pathname) => {
    const screen = screenOfPath(pathname);
    let found = tags.get(screen);
    if (found === undefined) {
      found = screenChunks(manifest, screen)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      tags.set(screen, found);
    }
    return found;
  };
}
