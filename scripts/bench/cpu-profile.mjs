// @ts-check
// Preloaded through NODE_OPTIONS=--import by `npm run bench` with BENCH_PROFILE_DIR (Node does
// not accept --cpu-prof there): records a V8 CPU profile of the server process, the same as
// `node --cpu-prof` would, and writes it to BENCH_PROFILE_DIR when the process exits. Other
// processes that inherit NODE_OPTIONS (start.mjs, the Auth emulator) are left alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir && process.argv.some((arg) => arg.endsWith('apps/server/src/server.ts'))) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  // 200 µs between samples: fine enough for requests of a few milliseconds.
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // SIGUSR2 starts the profile afresh, so it can cover one load (not start-up or seeding).
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', () => session.post('Profiler.start'));
  });
  process.on('exit', () => {
    // An in-process inspector session answers synchronously, so this runs before exit.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, `server-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  });
}
