// Category slugs and their headings (spec §2). Placeholder until @kept/domain exports the shared list.

const VIRTUAL_HEADINGS: Record<string, string> = {
  featured: "Editor's Picks",
  'finishing-soon': 'Finishing Soon',
  'top-funded': 'Largest Commitments',
  favorites: 'Favorites',
};

export const TAGS = [
  'Home Improvements',
  'Art',
  'Fitness',
  'Writing',
  'Speaking',
  'Music',
  'Crafting',
  'Reading',
] as const;

/** Any title → slug: lower-cased, symbols stripped, words joined with hyphens. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .join('-');
}

/** The heading for /category/{slug}: the virtual group's name, the tag's label, or the slug as words. */
export function categoryHeading(slug: string): string {
  const virtual = VIRTUAL_HEADINGS[slug];
  if (virtual) return virtual;
  const tag = TAGS.find((label) => slugify(label) === slug);
  if (tag) return tag;
  const words = slug.split('-').filter(Boolean);
  if (words.length === 0) return slug;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
