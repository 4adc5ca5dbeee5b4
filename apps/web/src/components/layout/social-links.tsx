import type { SVGProps } from 'react';

// Brand marks are not part of lucide, so these three are small inline SVGs.
type IconProps = SVGProps<SVGSVGElement>;

function XLogo(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.18h1.7L7.4 4.73H5.58l11.1 14.45Z" />
    </svg>
  );
}

function FacebookLogo(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M13.5 21.95V14h2.7l.4-3.1h-3.1V8.92c0-.9.25-1.51 1.54-1.51h1.65V4.64A22 22 0 0 0 14.28 4.5c-2.38 0-4 1.45-4 4.12v2.28H7.6V14h2.68v7.95A10 10 0 1 1 13.5 21.95Z" />
    </svg>
  );
}

function InstagramLogo(props: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </svg>
  );
}

const socials = [
  { label: 'Kept on X', href: 'https://x.com/keptapp', Icon: XLogo },
  { label: 'Kept on Facebook', href: 'https://www.facebook.com/keptapp', Icon: FacebookLogo },
  { label: 'Kept on Instagram', href: 'https://www.instagram.com/keptapp', Icon: InstagramLogo },
];

export function SocialLinks() {
  return (
    <ul className="flex gap-2">
      {socials.map(({ label, href, Icon }) => (
        <li key={href}>
          <a
            href={href}
            aria-label={label}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition-colors hover:border-primary-300 hover:bg-primary-50 hover:text-primary-800"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
