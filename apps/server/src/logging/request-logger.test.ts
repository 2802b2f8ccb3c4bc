import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeLoggerOptions } from './log-options';
import { lazyRequestLoggerFactory } from './request-logger';

/** Every line logged, parsed. */
class LogLines extends Writable {
  lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
}

describe("a request's logger", () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  function appAt(level: string) {
    const logs = new LogLines();
    const logger = pino(safeLoggerOptions(level), logs);
    const child = vi.spyOn(logger, 'child');
    const server = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      childLoggerFactory: lazyRequestLoggerFactory,
    });
    app = server;
    server.get('/quiet', async () => ({ ok: true }));
    server.get('/warns', async (request) => {
      request.log.warn({ token: 'secret-token' }, 'careful');
      return { ok: true };
    });
    server.get('/debugs', { logLevel: 'debug' }, async (request) => {
      request.log.debug('looking closely');
      return { ok: true };
    });
    return { logs, child };
  }

  /** The children made while the app answers one request (Fastify makes some as it starts). */
  async function childrenMadeBy(child: { mock: { calls: unknown[] } }, url: string) {
    await app!.ready();
    const before = child.mock.calls.length;
    await app!.inject({ method: 'GET', url });
    return child.mock.calls.length - before;
  }

  it('is not made for a request that logs nothing at the level that is on', async () => {
    const { logs, child } = appAt('warn');
    expect(await childrenMadeBy(child, '/quiet')).toBe(0);
    expect(logs.lines).toEqual([]);
  });

  it("writes a request's line with its id, through the server's redaction", async () => {
    const { logs, child } = appAt('warn');
    expect(await childrenMadeBy(child, '/warns')).toBe(1);
    expect(logs.lines).toEqual([
      expect.objectContaining({ reqId: 'req-1', msg: 'careful', token: '[redacted]' }),
    ]);
  });

  it("carries Fastify's own request lines at info, under one id", async () => {
    const { logs } = appAt('info');
    await app!.inject({ method: 'GET', url: '/quiet' });
    expect(logs.lines.map((line) => [line['reqId'], line['msg']])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
    ]);
  });

  it("follows a route's own level", async () => {
    const { logs } = appAt('warn');
    await app!.inject({ method: 'GET', url: '/debugs' });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ reqId: 'req-1', level: 20, msg: 'looking closely' }),
    );
  });
});
