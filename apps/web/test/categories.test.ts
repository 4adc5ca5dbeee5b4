import { describe, expect, it } from 'vitest';
import { categoryHeading, slugify } from '../src/lib/categories';

describe('categoryHeading', () => {
  it('names the virtual groups as the spec says', () => {
    expect(categoryHeading('featured')).toBe("Editor's Picks");
    expect(categoryHeading('finishing-soon')).toBe('Finishing Soon');
    expect(categoryHeading('top-funded')).toBe('Largest Commitments');
    expect(categoryHeading('favorites')).toBe('Favorites');
  });

  it('uses the tag label for tag slugs, and words for anything else', () => {
    expect(categoryHeading('home-improvements')).toBe('Home Improvements');
    expect(categoryHeading('music')).toBe('Music');
    expect(categoryHeading('knitting-club')).toBe('Knitting Club');
  });
});

describe('slugify', () => {
  it('lower-cases, strips symbols and joins words with hyphens', () => {
    expect(slugify('Home Improvements')).toBe('home-improvements');
    expect(slugify("Editor's  Picks!")).toBe('editors-picks');
  });
});
