import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/*
 * Every unit, component and server test fails on an unexpected console.error, as the
 * end-to-end tests do: an error logged and ignored is a bug the test would otherwise hide.
 * A test that provokes one on purpose says so with its own mock, which replaces this one:
 *   vi.spyOn(console, 'error').mockImplementation(() => {});
 */

const original = console.error;
let unexpected = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => {
    unexpected.push(format(...args));
    original(...args);
  });
});

afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  if (calls.length > 0) {
    throw new Error(
      `console.error was called ${calls.length} time(s) during the test:\n${calls.join('\n')}\n` +
        "If the test expects it, mock it there: vi.spyOn(console, 'error').mockImplementation(() => {}).",
    );
  }
});
