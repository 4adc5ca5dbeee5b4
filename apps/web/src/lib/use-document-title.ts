import { useEffect } from 'react';

export const SITE_NAME = 'Kept';

/** Sets the browser tab title for the current page: "Page · Kept", or just the site name. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${SITE_NAME}`
      : `${SITE_NAME}: beat procrastination with money on the line`;
  }, [title]);
}
