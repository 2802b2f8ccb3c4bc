// @ts-check
import { describe, expect, it } from 'vitest';
import { perfSelfSamples } from './perf-script.mjs';

// Four samples as `perf script` prints them for a Node server run with --perf-prof, after
// `perf inject --jit` (the JavaScript frames' objects are the injected jitted-*.so files).
const PERF_SCRIPT = `node 11450   907.557112:     200040 cpu-clock: 
\tffffffff816db23d do_writev+0x2d ([kernel.kallsyms])
\t           fde9d __GI___writev+0x4d (/usr/lib/x86_64-linux-gnu/libc.so.6)
\t          9d759c node::StreamBase::Writev+0x66c (/usr/bin/node)
\t    7f98cbbc9e3e JS:*clearBuffer node:internal/streams/writable:744:21+0x13e (/work/main/jitted-11450-12.so)
\t    7f98cbadbe31 JS:^end node:_http_outgoing:1034:45+0xbb1 (/work/main/jitted-11450-7.so)

node 11450   907.557166:     200040 cpu-clock: 
\t         14c0650 uv__io_poll+0x530 (/usr/bin/node)
\t         14ac8a7 uv_run+0x187 (/usr/bin/node)

node 11450   907.557383:     200040 cpu-clock: 
\t         155fa2c Builtins_GetProperty+0x2ac (/usr/bin/node)
\t    7f95022cd538 JS:^ /work/main/node_modules/pg-protocol/dist/index.js:12:23+0x1b8 (/work/main/jitted-11450-3.so)
\t    7f95022ede57 JS:*get searchParams node:internal/url:1:2+0x557 (/work/main/jitted-11450-4.so)

node 11452   907.557401:     200040 cpu-clock: 
\t          c494db v8::internal::compiler::GraphReducer::ReduceTop+0x12b (/usr/bin/node)
\t          c4a574 v8::internal::compiler::GraphReducer::Reduce+0x64 (/usr/bin/node)
`;

describe('perf samples of a Node server', () => {
  it('counts each sample for the innermost JavaScript function on its chain', () => {
    const { samples, byName } = perfSelfSamples(PERF_SCRIPT);
    expect(samples).toBe(4);
    expect(Object.fromEntries(byName)).toEqual({
      // The kernel's and the binding's work on the write is the function's that asked for it.
      'clearBuffer  node core:744': 1,
      // An anonymous function, named by its package as the V8 profile scripts do.
      '(anonymous)  pg-protocol:12': 1,
      // No JavaScript on the chain: the symbol the sample stopped in.
      'uv__io_poll  (native / V8)': 1,
      'v8::internal::compiler::GraphReducer::ReduceTop  (native / V8)': 1,
    });
  });

  it('reads a function whose name holds a space, and a kernel leaf without JavaScript', () => {
    const text = `node 1 1.0: 1 cpu-clock:
\t    7f95022ede57 JS:*get searchParams node:internal/url:1:2+0x557 (/tmp/perf-1.map)

node 1 1.1: 1 cpu-clock:
\tffffffff82242009 pvm_irq_enable+0x19 ([kernel.kallsyms])
`;
    expect(Object.fromEntries(perfSelfSamples(text).byName)).toEqual({
      'get searchParams  node core:1': 1,
      'pvm_irq_enable  (kernel)': 1,
    });
  });
});
