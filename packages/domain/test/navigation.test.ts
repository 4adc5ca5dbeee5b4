import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../src/index.ts';

describe('returnTo', () => {
  it.each([
    ['/my-projects', '/my-projects'],
    ['/project/42?donation=success', '/project/42?donation=success'],
    ['/', '/'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
    ['my-projects', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/ok\nSet-Cookie: x', '/'],
  ])('%j → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});
