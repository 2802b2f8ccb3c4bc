import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/requests', '/requests'],
    ['/requests/r-1?tab=messages', '/requests/r-1?tab=messages'],
    ['#/requests/r-1', '/requests/r-1'],
  ])('accepts the in-app path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'requests',
    '//evil.example/x',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    '/requests\nLocation: x',
    '/sign-in',
    '/sign-in?next=/sign-in',
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
