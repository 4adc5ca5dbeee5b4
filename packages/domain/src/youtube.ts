// YouTube links: watch, short (youtu.be and /shorts/), embed and live forms; the video id extracted.

export type YouTubeVideo = { id: string; watchUrl: string; embedUrl: string; thumbnailUrl: string };

const ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

/** The 11-character video id of a YouTube URL, or null when it is not a YouTube video link. */
export function youTubeVideoId(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (SHORT_HOSTS.has(host)) {
    id = segments[0];
  } else if (HOSTS.has(host)) {
    if (segments[0] === 'watch' && segments.length === 1) id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  } else if (NOCOOKIE_HOSTS.has(host)) {
    if (segments[0] === 'embed') id = segments[1];
  }
  return id && ID_PATTERN.test(id) ? id : null;
}

export function youTubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

export function youTubeThumbnailUrl(id: string): string {
  return `https://img.youtube.com/vi/${id}/hqdefault.jpg`;
}

/** The parsed video, or null when the link is not a YouTube video. */
export function parseYouTubeUrl(input: string): YouTubeVideo | null {
  const id = youTubeVideoId(input);
  if (!id) return null;
  return {
    id,
    watchUrl: youTubeWatchUrl(id),
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    thumbnailUrl: youTubeThumbnailUrl(id),
  };
}
