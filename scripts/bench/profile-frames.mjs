// @ts-check
// How the profile scripts (profile-summary.mjs, profile-diff.mjs) name where a V8 CPU
// profile's time went.

/** @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame */

/** node_modules/<package> (or @scope/package), our own files by path, V8 internals by name. */
export function owner(/** @type {string} */ url) {
  if (url === '') return '(native / V8)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return 'node core';
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(apps|packages|scripts)\//, '$1/');
}

/** A function as `name  owner:line`. */
export function frameName(/** @type {CallFrame} */ frame) {
  return `${frame.functionName || '(anonymous)'}  ${owner(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
}
