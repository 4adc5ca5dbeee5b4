// Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
// GET falls back to index.html so client-side routes survive a reload. Unknown /api/* paths get a JSON 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '@kept/contract';

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kept</title></head>
<body><main><h1>Kept</h1><p>The web app has not been built yet. Run <code>npm run build</code>.</p></main></body></html>`;

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= hasBuild ? fs.readFileSync(indexPath, 'utf8') : MISSING_BUILD);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (!isPage || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send(errorEnvelope('not_found', 'Not found.'));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(readIndex());
  });
}
