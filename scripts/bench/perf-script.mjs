// @ts-check
// How profile-diff.mjs reads Linux perf's samples (`perf script` text) of a Node server run
// with `--perf-prof`: CPU time only, where the V8 profile of `BENCH_PROFILE_DIR` samples the
// main thread by the wall clock. A V8 profile counts time a server spent off the CPU inside a
// system call (preempted while writing to a local socket on a busy machine) as that call's,
// and leaves out V8's own threads (its compiler, its collector's helpers); on-CPU samples do
// neither (decision 012, 2026-12-07, night).
import { frameName } from './profile-frames.mjs';

/** One frame of a sample's call chain: `<address> <symbol>+0x<offset> (<object>)`. */
const FRAME = /^\s*[0-9a-f]+ (.+?)(?:\+0x[0-9a-f]+)? \((.*)\)$/;

/** A JavaScript function as V8 names it for perf: `JS:<tier><name> <url>:<line>:<column>`. */
const JS_SYMBOL = /^JS:[~^*+]?(.*?) ?((?:file:\/\/)?[^ ]+):(\d+):\d+$/;

/**
 * The name a frame is counted under: a JavaScript function as the V8 profile scripts name
 * it, anything else by its symbol and whether it ran in the kernel or in a library.
 * @param {string} symbol @param {string} object
 * @returns {{ name: string, javascript: boolean }}
 */
function frameOf(symbol, object) {
  const js = JS_SYMBOL.exec(symbol);
  if (js)
    return {
      name: frameName({
        functionName: js[1] ?? '',
        url: js[2] ?? '',
        lineNumber: Number(js[3]) - 1,
      }),
      javascript: true,
    };
  const where = object.includes('kernel') ? '(kernel)' : '(native / V8)';
  return { name: `${symbol}  ${where}`, javascript: false };
}

/**
 * Each name's share of the samples, self time: a sample counts for the innermost JavaScript
 * function on its call chain (what V8's builtins, Node's bindings and the kernel did on its
 * behalf counts as its own), or, with none on the chain (the collector, the compiler, the
 * event loop waiting), for the symbol it stopped in.
 * @param {string} text what `perf script` printed (call chains recorded with `-g`)
 * @returns {{ samples: number, byName: Map<string, number> }}
 */
export function perfSelfSamples(text) {
  /** @type {Map<string, number>} */
  const byName = new Map();
  let samples = 0;
  for (const block of text.split(/\n\s*\n/)) {
    const frames = block
      .split('\n')
      .map((line) => FRAME.exec(line))
      .filter((match) => match !== null)
      .map((match) => frameOf(match[1] ?? '', match[2] ?? ''));
    const leaf = frames.find((frame) => frame.javascript) ?? frames[0];
    if (!leaf) continue;
    samples += 1;
    byName.set(leaf.name, (byName.get(leaf.name) ?? 0) + 1);
  }
  return { samples, byName };
}
