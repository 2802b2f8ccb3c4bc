// @ts-check
// Preloaded through NODE_OPTIONS=--import by `npm run bench` with BENCH_PROFILE_DIR (Node does
// not accept --cpu-prof there): records a V8 CPU profile of the product's server process and of
// the limit server (bench/limit-server.ts), the same as `node --cpu-prof` would, and writes it
// to BENCH_PROFILE_DIR when the process exits (`server-<pid>` or `limit-<pid>`), with a part
// between each pair of SIGUSR2 (the bench marks each row). Other processes that inherit
// NODE_OPTIONS (start.mjs, the Auth emulator) are left alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
/** Which of the bench's servers this process is, by its entry file. */
const kind = process.argv.some((arg) => arg.endsWith('apps/server/src/server.ts'))
  ? 'server'
  : process.argv.some((arg) => arg.endsWith('apps/server/src/bench/limit-server.ts'))
    ? 'limit'
    : undefined;
if (dir && kind) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  // 200 µs between samples: fine enough for requests of a few milliseconds.
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  /** @param {string} name @param {import('node:inspector').Profiler.Profile} profile */
  const save = (name, profile) =>
    writeFileSync(
      path.join(dir, `${kind}-${process.pid}${name}.cpuprofile`),
      JSON.stringify(profile),
    );
  // The bench signals this process (the server, not start.mjs) by the pid it finds here.
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${kind}.pid`), String(process.pid));
  // SIGUSR2 opens a part, the next one closes it: part K (-part-K) covers exactly what ran
  // between the two signals (one load: no start-up, seeding or other rows).
  let signals = 0;
  process.on('SIGUSR2', () => {
    signals += 1;
    const closedPart = signals % 2 === 0 ? signals / 2 : null;
    session.post('Profiler.stop', (error, result) => {
      if (!error && closedPart !== null) save(`-part-${closedPart}`, result.profile);
      session.post('Profiler.start');
    });
  });
  process.on('exit', () => {
    // An in-process inspector session answers synchronously, so this runs before exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error) save('', result.profile);
    });
  });
}
