// Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
// GET falls back to index.html so client-side routes survive a reload; paths outside the route table, and
// unknown categories, projects and users, get it with a 404 (the app shows its not-found screen). Unknown
// /api/* paths get a JSON 404.
// Project and profile pages get their own <title> and link-preview tags (Open Graph, Twitter), escaped.
// Every page carries who is signed in (boot-state.ts), so its first render needs no round trip.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { screenOfPath } from '@kept/contract';
import { sendError } from '../http/error-handler.ts';
import { canonicalCategorySlug } from '@kept/domain';
import type { Db } from '../db/client.ts';
import { hadBadUrl } from '../http/bad-url.ts';
import { bootStateScript } from './boot-state.ts';
import { insertIntoHead, lookupPageMeta, renderPageMeta, type PageMeta } from './page-meta.ts';
import { screenPreloads } from './screen-preload.ts';

/** Files of the build a browser must revalidate each time it uses them. */
const NO_CACHE_FILES = new Set(['service-worker.js', 'manifest.webmanifest', 'index.html']);

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
        // The service worker and the manifest are checked on every visit: a new build reaches the
        // installed app at once (decision 036).
        const always = NO_CACHE_FILES.has(path.relative(distDir, filePath));
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : always ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= hasBuild ? fs.readFileSync(indexPath, 'utf8') : MISSING_BUILD);
  const preloadsOf = screenPreloads(distDir);
  /**
   * A page: index.html with its screen's code preloaded and who is signed in written into it. It differs
   * per visitor, so no shared cache keeps it. When the session cannot be read, the page goes out without
   * it and asks /api/session.
   */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
    let head = preloadsOf(request.url.split('?')[0] ?? '/');
    try {
      head += bootStateScript({ session: { user: await request.currentUser() } });
    } catch (err) {
      request.log.warn({ err }, 'page sent without its boot state: the session could not be read');
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .send(insertIntoHead(html, head));
  };

  if (meta) {
    const page = async (request: FastifyRequest, reply: FastifyReply, found: PageMeta | null) => {
      if (!found) return sendIndex(request, reply, readIndex(), 404);
      return sendIndex(request, reply, renderPageMeta(readIndex(), found, meta.baseUrl));
    };
    app.get<{ Params: { projectId: string } }>('/project/:projectId', async (request, reply) =>
      page(
        request,
        reply,
        await lookupPageMeta(meta.db, app.clock.now(), { projectId: request.params.projectId }),
      ),
    );
    app.get<{ Params: { username: string } }>('/user/:username', async (request, reply) =>
      page(
        request,
        reply,
        await lookupPageMeta(meta.db, app.clock.now(), { username: request.params.username }),
      ),
    );
  }

  // A category page: a known category in another spelling ('/category/ART', '/category/home_improvements')
  // moves permanently to its canonical address; a name no category has is the not-found page, with a 404.
  app.get<{ Params: { category: string } }>('/category/:category', async (request, reply) => {
    const canonical = canonicalCategorySlug(request.params.category);
    if (canonical === null) return sendIndex(request, reply, readIndex(), 404);
    if (canonical !== request.params.category) {
      const query = request.url.indexOf('?');
      const search = query === -1 ? '' : request.url.slice(query);
      return reply.redirect(`/category/${canonical}${search}`, 301);
    }
    return sendIndex(request, reply, readIndex());
  });

  app.setNotFoundHandler((request, reply) => {
    if (hadBadUrl(request)) {
      return sendError(reply, 'bad_request', 'This address is not valid.');
    }
    // Judged on the decoded path, as the router reads it: `/%61pi/…` is an API address too.
    const pathname = decodedPath(request.url);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (!isPage || /\.[a-z0-9]+$/i.test(pathname)) {
      return sendError(reply, 'not_found', 'Not found.');
    }
    // Paths outside the route table get the app's not-found page, with a truthful status.
    return sendIndex(request, reply, readIndex(), screenOfPath(pathname) === 'not-found' ? 404 : 200);
  });
}

/** The path of `url` with its %-escapes decoded (as given when it cannot be: bad-url.ts answers those). */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
