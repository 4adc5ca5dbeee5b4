import { describe, expect, it } from 'vitest';
import { defaultFilters } from '@kept/domain';
import {
  NAMED_SEARCH_SHAPES_MAX,
  searchStatement,
  searchStatementName,
} from '../src/modules/browse/queries.ts';

const now = new Date('2026-03-10T12:00:00Z');
const page = { limit: 50, offset: 0 };

describe('prepared search statements', () => {
  it('name one statement per shape, whatever the values', () => {
    const guitar = searchStatement({ ...defaultFilters(), searchText: 'guitar' }, now, 'UTC', page);
    const piano = searchStatement({ ...defaultFilters(), searchText: 'Piano' }, now, 'UTC', {
      limit: 50,
      offset: 100,
    });
    expect(guitar.name).toMatch(/^kept_search_\d+$/);
    expect(piano.text).toBe(guitar.text);
    expect(piano.name).toBe(guitar.name);
    const twoWords = searchStatement({ ...defaultFilters(), searchText: 'guitar lessons' }, now, 'UTC', page);
    expect(twoWords.name).toMatch(/^kept_search_\d+$/);
    expect(twoWords.name).not.toBe(guitar.name);
    const noWords = searchStatement({ ...defaultFilters(), missedCheckinsMax: 0 }, now, 'UTC', page);
    expect(noWords.name).toMatch(/^kept_search_\d+$/);
  });

  it('are not named when a word is shorter than a trigram: those are planned each time', () => {
    expect(searchStatement({ ...defaultFilters(), searchText: 'go' }, now, 'UTC', page).name).toBeUndefined();
    expect(
      searchStatement({ ...defaultFilters(), searchText: 'guitar a' }, now, 'UTC', page).name,
    ).toBeUndefined();
  });

  it('stop being named past NAMED_SEARCH_SHAPES_MAX shapes, and those named keep their names', () => {
    // Named before the limit is reached (whatever ran before this test).
    const guitar = searchStatement({ ...defaultFilters(), searchText: 'guitar' }, now, 'UTC', page).name;
    expect(guitar).toMatch(/^kept_search_\d+$/);
    const named = new Set<string>();
    let unnamed = 0;
    for (let i = 0; i < NAMED_SEARCH_SHAPES_MAX + 10; i += 1) {
      const name = searchStatementName(`select ${i} /* a shape */`, ['word']);
      if (name) named.add(name);
      else unnamed += 1;
    }
    expect(named.size).toBeLessThanOrEqual(NAMED_SEARCH_SHAPES_MAX - 1);
    expect(unnamed).toBeGreaterThanOrEqual(11);
    expect(searchStatement({ ...defaultFilters(), searchText: 'guitar' }, now, 'UTC', page).name).toBe(
      guitar,
    );
    expect(searchStatementName('select "a new shape"', ['word'])).toBeUndefined();
  });
});
