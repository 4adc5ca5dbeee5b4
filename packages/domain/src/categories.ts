// Tags, category slugs, headings and default pictures (RULES.md "Categories", spec §2–§3).

export const TAG_NAMES = [
  'Home Improvements',
  'Art',
  'Fitness',
  'Writing',
  'Speaking',
  'Music',
  'Crafting',
  'Reading',
] as const;
export type TagName = (typeof TAG_NAMES)[number];

/**
 * The app's own icon of each tag (a lucide icon name; the web app draws it). Icons, not emoji: emoji
 * show as empty boxes where no emoji font is installed.
 */
export const TAG_ICONS = [
  'hammer',
  'palette',
  'dumbbell',
  'pen-line',
  'mic',
  'music',
  'scissors',
  'book-open',
] as const;
export type TagIconName = (typeof TAG_ICONS)[number];

export type Tag = {
  name: TagName;
  slug: string;
  icon: TagIconName;
  defaultImage: string;
};

const IMAGE_DIR = '/images/categories';

/** The eight tags, in display order, each with an icon and a default picture (served by the web app). */
export const TAGS: readonly Tag[] = (
  [
    { name: 'Home Improvements', slug: 'home-improvements', icon: 'hammer' },
    { name: 'Art', slug: 'art', icon: 'palette' },
    { name: 'Fitness', slug: 'fitness', icon: 'dumbbell' },
    { name: 'Writing', slug: 'writing', icon: 'pen-line' },
    { name: 'Speaking', slug: 'speaking', icon: 'mic' },
    { name: 'Music', slug: 'music', icon: 'music' },
    { name: 'Crafting', slug: 'crafting', icon: 'scissors' },
    { name: 'Reading', slug: 'reading', icon: 'book-open' },
  ] as const
).map((tag) => ({ ...tag, name: tag.name as TagName, defaultImage: `${IMAGE_DIR}/${tag.slug}.svg` }));

/** The picture of a project with no own image and an unknown tag. */
export const DEFAULT_PROJECT_IMAGE = '/images/default-project.svg';

export const VIRTUAL_CATEGORY_SLUGS = ['featured', 'finishing-soon', 'favorites', 'top-funded'] as const;
export type VirtualCategorySlug = (typeof VIRTUAL_CATEGORY_SLUGS)[number];

/** Headings of the virtual categories. */
export const VIRTUAL_CATEGORY_HEADINGS = {
  featured: "Editor's Picks",
  'finishing-soon': 'Finishing Soon',
  favorites: 'Favorites',
  'top-funded': 'Largest Commitments',
} as const satisfies Record<VirtualCategorySlug, string>;

/** Default pictures of the virtual groups (My Projects, Featured, Finishing Soon). */
export const GROUP_IMAGES = {
  'my-projects': `${IMAGE_DIR}/my-projects.svg`,
  featured: `${IMAGE_DIR}/featured.svg`,
  'finishing-soon': `${IMAGE_DIR}/finishing-soon.svg`,
} as const;

/** Editor's Picks and Largest Commitments show this many projects. */
export const FEATURED_LIMIT = 8;

/**
 * Slug of any title: lower-case, accents and symbols stripped, words joined with hyphens.
 * 'Home Improvements' → 'home-improvements', "Editor's Picks" → 'editors-picks'.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function isTagName(value: unknown): value is TagName {
  return typeof value === 'string' && (TAG_NAMES as readonly string[]).includes(value);
}

export function tagByName(name: string): Tag | undefined {
  return TAGS.find((tag) => tag.name === name);
}

export function tagBySlug(slug: string): Tag | undefined {
  return TAGS.find((tag) => tag.slug === slug);
}

export function isVirtualCategory(slug: string): slug is VirtualCategorySlug {
  return (VIRTUAL_CATEGORY_SLUGS as readonly string[]).includes(slug);
}

export type Category =
  | { kind: 'virtual'; slug: VirtualCategorySlug; heading: string }
  | { kind: 'tag'; slug: string; heading: string; tag: Tag }
  | { kind: 'other'; slug: string; heading: string };

/**
 * The canonical slug of a known category, whatever way its name is written: 'ART' → 'art',
 * 'Home Improvements' and 'home_improvements' → 'home-improvements', "Editor's Picks" → 'featured',
 * 'Largest Commitments' → 'top-funded'. null when no category has that name.
 */
export function canonicalCategorySlug(name: string): string | null {
  const slug = slugify(name);
  if (isVirtualCategory(slug)) return slug;
  const virtual = VIRTUAL_CATEGORY_SLUGS.find((key) => slugify(VIRTUAL_CATEGORY_HEADINGS[key]) === slug);
  if (virtual) return virtual;
  return tagBySlug(slug)?.slug ?? null;
}

/**
 * What a /category/{slug} page shows. Known categories in any spelling resolve to their canonical
 * slug; unknown slugs are 'other' (no such page) and keep their own text.
 */
export function categoryFromSlug(slug: string): Category {
  const canonical = canonicalCategorySlug(slug);
  if (canonical !== null && isVirtualCategory(canonical)) {
    return { kind: 'virtual', slug: canonical, heading: VIRTUAL_CATEGORY_HEADINGS[canonical] };
  }
  const tag = canonical === null ? undefined : tagBySlug(canonical);
  if (tag) return { kind: 'tag', slug: tag.slug, heading: tag.name, tag };
  return { kind: 'other', slug, heading: slug };
}

/** The category page heading for a slug. */
export function categoryHeading(slug: string): string {
  return categoryFromSlug(slug).heading;
}

/** The URL slug of a tag name, virtual category or any title. */
export function categorySlug(title: string): string {
  return tagByName(title)?.slug ?? slugify(title);
}

/** A tag's icon name, or null for unknown tags. */
export function tagIcon(name: string): TagIconName | null {
  return tagByName(name)?.icon ?? null;
}

/** A project's picture: its own image, else its tag's default, else the general default. */
export function projectImage(imageUrl: string | null | undefined, tag: string | null | undefined): string {
  if (imageUrl && imageUrl.trim() !== '') return imageUrl;
  return (tag ? tagByName(tag)?.defaultImage : undefined) ?? DEFAULT_PROJECT_IMAGE;
}
