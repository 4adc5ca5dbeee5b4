import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECT_IMAGE,
  FEATURED_LIMIT,
  GROUP_IMAGES,
  TAGS,
  TAG_NAMES,
  canonicalCategorySlug,
  categoryFromSlug,
  categoryHeading,
  categorySlug,
  isTagName,
  projectImage,
  slugify,
  tagBySlug,
  tagIcon,
  TAG_ICONS,
} from '../src/index.ts';

describe('tags', () => {
  it('has the eight tags in order, each with a default picture', () => {
    expect(TAG_NAMES).toEqual([
      'Home Improvements',
      'Art',
      'Fitness',
      'Writing',
      'Speaking',
      'Music',
      'Crafting',
      'Reading',
    ]);
    expect(TAGS.map((tag) => tag.name)).toEqual([...TAG_NAMES]);
    for (const tag of TAGS) {
      expect(tag.defaultImage).toBe(`/images/categories/${tag.slug}.svg`);
    }
  });

  it('gives each tag its own icon', () => {
    expect(TAGS.map((tag) => tag.icon)).toEqual([...TAG_ICONS]);
    expect(new Set(TAG_ICONS).size).toBe(TAGS.length);
    expect(tagIcon('Reading')).toBe('book-open');
    expect(tagIcon('Unknown')).toBeNull();
  });

  it('recognises tag names exactly', () => {
    expect(isTagName('Art')).toBe(true);
    expect(isTagName('art')).toBe(false);
    expect(isTagName(42)).toBe(false);
  });
});

describe('slugs', () => {
  it.each([
    ['Home Improvements', 'home-improvements'],
    ["Editor's Picks", 'editors-picks'],
    ['Finishing Soon', 'finishing-soon'],
    ['  Arts & Crafts!! ', 'arts-crafts'],
    ['Café Society', 'cafe-society'],
    ['C++ / Rust', 'c-rust'],
    ['already-a-slug', 'already-a-slug'],
    ['Top 10 Books', 'top-10-books'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('maps tag names to their slugs and back', () => {
    for (const tag of TAGS) {
      expect(categorySlug(tag.name)).toBe(tag.slug);
      expect(tagBySlug(tag.slug)).toBe(tag);
    }
  });
});

describe('category headings', () => {
  it.each([
    ['featured', "Editor's Picks"],
    ['finishing-soon', 'Finishing Soon'],
    ['top-funded', 'Largest Commitments'],
    ['favorites', 'Favorites'],
    ['home-improvements', 'Home Improvements'],
    ['reading', 'Reading'],
    ['something-else', 'something-else'],
  ])('%s → %s', (slug, heading) => {
    expect(categoryHeading(slug)).toBe(heading);
  });

  it('tells virtual, tag and other categories apart', () => {
    expect(categoryFromSlug('featured').kind).toBe('virtual');
    expect(categoryFromSlug('music')).toMatchObject({ kind: 'tag', tag: { name: 'Music' } });
    expect(categoryFromSlug('Music')).toMatchObject({ kind: 'tag', slug: 'music' });
    expect(categoryFromSlug('knitting').kind).toBe('other');
    expect(FEATURED_LIMIT).toBe(8);
  });
});

describe('canonical category slugs', () => {
  it.each([
    ['art', 'art'],
    ['ART', 'art'],
    ['Art', 'art'],
    ['home_improvements', 'home-improvements'],
    ['Home Improvements', 'home-improvements'],
    ['HOME-IMPROVEMENTS', 'home-improvements'],
    ['home-improvements', 'home-improvements'],
    ['Featured', 'featured'],
    ["Editor's Picks", 'featured'],
    ['finishing_soon', 'finishing-soon'],
    ['Largest Commitments', 'top-funded'],
    ['TOP-FUNDED', 'top-funded'],
    ['Favorites', 'favorites'],
  ])('%s → %s', (name, slug) => {
    expect(canonicalCategorySlug(name)).toBe(slug);
    expect(categoryFromSlug(name).slug).toBe(slug);
  });

  it.each(['nonsense', '', 'arts', 'home', 'my-projects'])('%s is no category', (name) => {
    expect(canonicalCategorySlug(name)).toBeNull();
    expect(categoryFromSlug(name).kind).toBe('other');
  });
});

describe('pictures', () => {
  it('uses the own image, else the tag default, else the general default', () => {
    expect(projectImage('https://example.com/a.jpg', 'Art')).toBe('https://example.com/a.jpg');
    expect(projectImage('', 'Art')).toBe('/images/categories/art.svg');
    expect(projectImage(null, 'Nope')).toBe(DEFAULT_PROJECT_IMAGE);
    expect(projectImage(undefined, null)).toBe(DEFAULT_PROJECT_IMAGE);
    expect(Object.keys(GROUP_IMAGES)).toEqual(['my-projects', 'featured', 'finishing-soon']);
  });
});
