import { FacebookIcon, InstagramIcon, XIcon } from '../components/ui/brand-icons';

const socials = [
  { label: 'Kept on X', href: 'https://x.com/keptapp', Icon: XIcon },
  { label: 'Kept on Facebook', href: 'https://www.facebook.com/keptapp', Icon: FacebookIcon },
  { label: 'Kept on Instagram', href: 'https://www.instagram.com/keptapp', Icon: InstagramIcon },
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
