// Link previews for shared pages: a project's title, description and picture, or a creator's profile,
// written into index.html as <title>, description, Open Graph and Twitter tags. Everything is escaped.
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { ACCOUNT_DELETION_MESSAGES, projectImage } from '@kept/domain';
import { isUuid } from '../http/validate.ts';
import { excerpt } from '../modules/projects/cards.ts';

export type PageMeta = {
  type: 'article' | 'profile';
  title: string;
  description: string;
  /** A path on this site or an absolute URL, with its size and type when known. */
  image: { url: string; width?: number; height?: number; type?: string };
  /** The page's own path. */
  path: string;
  /** The picture the page itself shows first (its largest paint), fetched alongside the scripts. */
  hero?: string;
};

/**
 * The picture a preview shows when the page has no photo of its own: social sites do not show SVG
 * (the category pictures are SVG), so a 1200×630 PNG made for sharing.
 */
export const SHARE_IMAGE = { url: '/images/share.png', width: 1200, height: 630, type: 'image/png' };

/** A project's own picture (a photo) for previews; its SVG category picture is replaced by the PNG. */
function previewImage(imageUrl: string | null): PageMeta['image'] {
  if (!imageUrl || /\.svg(?:[?#]|$)/i.test(imageUrl)) return SHARE_IMAGE;
  return { url: imageUrl };
}

const DESCRIPTION_LENGTH = 200;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The preview of /project/{id} or /user/{username}; null when there is no such project or user. */
export async function lookupPageMeta(
  db: Db,
  now: Date,
  page: { projectId: string } | { username: string },
): Promise<PageMeta | null> {
  const pool: pg.Pool = db.$client;
  if ('projectId' in page) {
    if (!isUuid(page.projectId)) return null;
    const { rows } = await pool.query<{
      id: string;
      title: string;
      description: string;
      imageUrl: string | null;
      tag: string;
      username: string | null;
    }>(
      `select p.id, p.title, left(p.description, 400) as description, p.image_url as "imageUrl", p.tag, u.username
         from projects p join users u on u.id = p.user_id where p.id = $1 and p.deleted_at is null`,
      [page.projectId],
    );
    const project = rows[0];
    if (!project) return null;
    const description = project.description.trim()
      ? project.description.trim()
      : // A deleted account's projects stay readable under 'Deleted user' (decision 034).
        `A ${project.tag} commitment by ${project.username ?? ACCOUNT_DELETION_MESSAGES.deletedUser} on Kept.`;
    return {
      type: 'article',
      title: project.title,
      description: excerpt(description.replace(/\s+/g, ' '), DESCRIPTION_LENGTH),
      image: previewImage(project.imageUrl),
      path: `/project/${project.id}`,
      hero: projectImage(project.imageUrl, project.tag),
    };
  }
  const { rows } = await pool.query<{ username: string; active: number; completed: number }>(
    `select u.username,
            count(p.id) filter (where p.end_date >= $2)::int as active,
            count(p.id) filter (where p.end_date < $2)::int as completed
       from users u left join projects p on p.user_id = u.id and p.deleted_at is null and p.visibility = 'public'
      where lower(u.username) = lower($1)
      group by u.id, u.username`,
    [page.username, now],
  );
  const user = rows[0];
  if (!user) return null;
  const plural = (n: number, word: string) => `${n} ${word} project${n === 1 ? '' : 's'}`;
  return {
    type: 'profile',
    title: `${user.username} on Kept`,
    description: `${user.username} keeps their commitments on Kept: ${plural(user.active, 'active')} and ${plural(user.completed, 'completed')}.`,
    image: SHARE_IMAGE,
    path: `/user/${encodeURIComponent(user.username)}`,
  };
}

function absolute(url: string, baseUrl: string): string {
  try {
    return new URL(url, `${baseUrl}/`).href;
  } catch {
    return new URL(SHARE_IMAGE.url, `${baseUrl}/`).href;
  }
}

/** index.html with the page's <title> and description replaced and its preview tags added to <head>. */
export function renderPageMeta(html: string, meta: PageMeta, baseUrl: string): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const image = escapeHtml(absolute(meta.image.url, baseUrl));
  const { width, height, type } = meta.image;
  const url = escapeHtml(absolute(meta.path, baseUrl));
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="Kept" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...(type ? [`<meta property="og:image:type" content="${escapeHtml(type)}" />`] : []),
    ...(width && height
      ? [
          `<meta property="og:image:width" content="${width}" />`,
          `<meta property="og:image:height" content="${height}" />`,
        ]
      : []),
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...(meta.hero
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.hero)}" fetchpriority="high" />`]
      : []),
  ];
  const withoutOld = html
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title} | Kept</title>`);
  return insertIntoHead(withoutOld, `  ${tags.join('\n    ')}\n  `);
}

/**
 * The page with `markup` added at the end of its <head>. A function replacement, not a string: a '$' in
 * the markup (an email, a title) must not be read as a replacement pattern.
 */
export function insertIntoHead(html: string, markup: string): string {
  return html.replace(/<\/head>/i, () => `${markup}</head>`);
}
