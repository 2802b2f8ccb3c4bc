// @ts-check
// How the profile scripts (profile-summary.mjs, profile-diff.mjs) read a V8 CPU profile and
// name where its time went.
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

/**
 * Each sampled call frame with its self time in microseconds, idle time included (its frame
 * is named `(idle)`). @param {string} file a `.cpuprofile`
 * @returns {{ frame: CallFrame, micros: number }[]}
 */
export function selfTimes(file) {
  /** @type {Profile} */
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {Map<number, number>} */
  const byNode = new Map();
  profile.samples.forEach((id, index) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return profile.nodes
    .filter((node) => byNode.has(node.id))
    .map((node) => ({ frame: node.callFrame, micros: byNode.get(node.id) ?? 0 }));
}

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
