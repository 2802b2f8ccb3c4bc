import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** The server's loggers are pino's, which can tell whether a level is on. */
type ParentLogger = FastifyBaseLogger & Pick<Logger, 'isLevelEnabled'>;

/**
 * A request's logger that becomes pino's child logger the first time the request logs at a
 * level that is on.
 *
 * Fastify makes a child logger, bound to the request's id, for every request. With the
 * server's redaction (log-options.ts: paths such as `*.token`), pino writes the bindings
 * through the redactor as it makes the child: about 8 µs a request, 2% of the payment-status
 * read's CPU (decision 012), for a logger that a request answered without a warning never
 * writes to at the level `warn`. At `info`, Fastify's own request lines make the child at
 * once, and every line is what the child would have written.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The child, made now if it is needed for a line at this level. */
  private childFor(level: LogLevel): FastifyBaseLogger | undefined {
    if (this.made === undefined && this.parent.isLevelEnabled(level)) {
      this.made = this.parent.child(this.bindings);
    }
    return this.made;
  }

  get level(): LevelWithSilentOrString {
    return (this.made ?? this.parent).level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made ??= this.parent.child(this.bindings);
    this.made.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings);
    return this.made.child(bindings, options);
  }

  private write(level: LogLevel, args: unknown[]): void {
    const child = this.childFor(level);
    if (child) Reflect.apply(child[level], child, args);
  }

  // Methods of the prototype, not a closure each: one object a request, as small as can be.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for every request; a child at once for a route
 * with a level or serializers of its own (none here today), or under a logger that is not
 * pino's.
 */
export const lazyRequestLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  Object.keys(options).length > 0 || !isParentLogger(logger)
    ? logger.child(bindings, options)
    : (new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger);

function isParentLogger(logger: FastifyBaseLogger): logger is ParentLogger {
  return typeof (logger as Partial<ParentLogger>).isLevelEnabled === 'function';
}
