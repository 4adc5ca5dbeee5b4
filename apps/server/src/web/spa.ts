// Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
// GET falls back to index.html so client-side routes survive a reload. Unknown /api/* paths get a JSON 404.
// Project and profile pages get their own <title> and link-preview tags (Open Graph, Twitter), escaped.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorEnvelope } from '@kept/contract';
import type { Db } from '../db/client.ts';
import { hadBadUrl } from '../http/bad-url.ts';
import { lookupPageMeta, renderPageMeta, type PageMeta } from './page-meta.ts';

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kept</title></head>
<body><main><h1>Kept</h1><p>The web app has not been built yet. Run <code>npm run build</code>.</p></main></body></html>`;

export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  meta?: { db: Db; baseUrl: string },
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files: sent to browsers that accept them.
      preCompressed: true,
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
  const sendIndex = (reply: FastifyReply, html: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  if (meta) {
    const page = async (reply: FastifyReply, found: PageMeta | null) => {
      if (!found) return sendIndex(reply, readIndex(), 404);
      return sendIndex(reply, renderPageMeta(readIndex(), found, meta.baseUrl));
    };
    app.get<{ Params: { projectId: string } }>('/project/:projectId', async (request, reply) =>
      page(reply, await lookupPageMeta(meta.db, app.clock.now(), { projectId: request.params.projectId })),
    );
    app.get<{ Params: { username: string } }>('/user/:username', async (request, reply) =>
      page(reply, await lookupPageMeta(meta.db, app.clock.now(), { username: request.params.username })),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (hadBadUrl(request)) {
      return reply.status(400).send(errorEnvelope('bad_request', 'This address is not valid.'));
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (!isPage || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send(errorEnvelope('not_found', 'Not found.'));
    }
    return sendIndex(reply, readIndex());
  });
}
