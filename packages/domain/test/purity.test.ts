// The domain package stays pure: no I/O, no clock, no imports beyond its own files and data.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '..', 'src');
const sources = readdirSync(srcDir)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(join(srcDir, name), 'utf8') }));

describe('domain purity', () => {
  it('has source files', () => {
    expect(sources.length).toBeGreaterThan(10);
  });

  it.each(sources)('$name imports only relative .ts/.json files', ({ text }) => {
    const specifiers = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
    for (const specifier of specifiers) expect(specifier).toMatch(/^\.\/[\w/.-]+\.(ts|json)$/);
  });

  it.each(sources)('$name never reads the clock', ({ text }) => {
    expect(text).not.toMatch(/Date\.now\(|new Date\(\)|performance\.now/);
  });

  it.each(sources)('$name uses only erasable TypeScript', ({ text }) => {
    expect(text).not.toMatch(/^\s*(export\s+)?(const\s+)?enum\s/m);
    expect(text).not.toMatch(/^\s*(export\s+)?namespace\s/m);
  });
});
