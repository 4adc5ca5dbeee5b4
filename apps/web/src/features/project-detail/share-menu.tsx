import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Check from 'lucide-react/icons/check';
import Link2 from 'lucide-react/icons/link-2';
import MessageSquare from 'lucide-react/icons/message-square';
import Share2 from 'lucide-react/icons/share-2';
import { FacebookIcon, InstagramIcon, XIcon } from '../../components/ui/brand-icons';
import { buttonClasses } from '../../components/ui/button';

/** How long 'Copied' shows after Copy Link. */
export const COPIED_MS = 2000;

/** The old way to copy, for browsers (or insecure pages) without the Clipboard API. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** Copies to the clipboard: the Clipboard API, else the legacy fallback. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure page: try the old way.
  }
  return legacyCopy(text);
}

const itemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100';

/**
 * The share control: Copy Link ('Copied' for 2 s), Facebook, Twitter, Instagram (copies the link and
 * says so), Text Message. A disclosure: the button opens a small panel; Escape or a click outside
 * closes it.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const text = `Help me follow through on "${title}" on Kept`;
  const encodedUrl = encodeURIComponent(url);

  async function copyLink() {
    if (await copyText(url)) {
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    }
  }

  async function instagram() {
    setOpen(false);
    const ok = await copyText(url);
    window.alert(
      ok
        ? 'Link copied! Instagram has no share link: paste it into your story or bio.'
        : `Instagram has no share link. Copy this link to share it: ${url}`,
    );
  }

  const external = (href: string, label: string, icon: ReactNode) => (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={itemClass}
        onClick={() => setOpen(false)}
      >
        {icon}
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </li>
  );

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses('secondary', 'md')}
      >
        <Share2 aria-hidden="true" className="size-4" />
        Share
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <ul aria-label="Share this project">
          <li>
            <button type="button" className={itemClass} onClick={() => void copyLink()}>
              {copied ? (
                <Check aria-hidden="true" className="size-4 text-green-700" />
              ) : (
                <Link2 aria-hidden="true" className="size-4" />
              )}
              <span aria-live="polite">{copied ? 'Copied' : 'Copy Link'}</span>
            </button>
          </li>
          {external(
            `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
            'Facebook',
            <FacebookIcon aria-hidden="true" className="size-4" />,
          )}
          {external(
            `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(text)}`,
            'Twitter',
            <XIcon aria-hidden="true" className="size-4" />,
          )}
          <li>
            <button type="button" className={itemClass} onClick={() => void instagram()}>
              <InstagramIcon aria-hidden="true" className="size-4" />
              Instagram
            </button>
          </li>
          <li>
            <a
              href={`sms:?&body=${encodeURIComponent(`${text}: ${url}`)}`}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              Text Message
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
