import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartOptionsError, browserUrl, resolveStartOptions } from './start-options.mjs';

describe('resolveStartOptions', () => {
  it('uses port 8080, 127.0.0.1 and ./.data by default, with the emulator on 9099-9101', () => {
    const options = resolveStartOptions({}, [], '/repo');
    expect(options).toEqual({
      port: 8080,
      host: '127.0.0.1',
      probeHost: '127.0.0.1',
      dataDir: path.resolve('/repo/.data'),
      dev: false,
      ports: { auth: 9099, hub: 9100, logging: 9101, vite: 8173 },
    });
  });

  it('moves every port with PORT so two copies can run side by side', () => {
    const options = resolveStartOptions({ PORT: '8190', DATA_DIR: 'tmp/a' }, ['--dev'], '/repo');
    expect(options.ports).toEqual({ auth: 9209, hub: 9210, logging: 9211, vite: 8283 });
    expect(options.dataDir).toBe(path.resolve('/repo/tmp/a'));
    expect(options.dev).toBe(true);
  });

  it('keeps an absolute DATA_DIR and reaches a wildcard host through the loopback address', () => {
    const options = resolveStartOptions({ DATA_DIR: '/var/unban', HOST: '0.0.0.0' }, [], '/repo');
    expect(options.dataDir).toBe('/var/unban');
    expect(options.host).toBe('0.0.0.0');
    expect(options.probeHost).toBe('127.0.0.1');
  });

  it.each(['abc', '0', '-1', '80.5', '64600'])('refuses PORT=%s with the allowed range', (port) => {
    expect(() => resolveStartOptions({ PORT: port }, [], '/repo')).toThrow(StartOptionsError);
    expect(() => resolveStartOptions({ PORT: port }, [], '/repo')).toThrow(/1 to 64514/);
  });

  it('refuses arguments it does not know', () => {
    expect(() => resolveStartOptions({}, ['--prod'], '/repo')).toThrow(
      /Unknown argument\(s\): --prod/,
    );
  });
});

describe('browserUrl', () => {
  it('names the loopback and wildcard addresses localhost', () => {
    expect(browserUrl('127.0.0.1', 8080)).toBe('http://localhost:8080/');
    expect(browserUrl('0.0.0.0', 8080)).toBe('http://localhost:8080/');
  });

  it('keeps other hosts and brackets IPv6 literals', () => {
    expect(browserUrl('unban.internal', 80)).toBe('http://unban.internal:80/');
    expect(browserUrl('::1', 8080)).toBe('http://[::1]:8080/');
  });
});
