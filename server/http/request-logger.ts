/**
 * Each request's logger (its lines carry the request's id), made only when the request logs.
 *
 * Fastify makes a pino child for every request. A pino child serializes its bindings through
 * the redaction paths (LOG_REDACT: 40-odd wildcard paths) when it is made, and nothing is ever
 * written with it at `warn` unless the request fails: on a signed-in read under load that was
 * 7% of the server's CPU and a good part of its garbage (bench/README.md). This stands in for
 * the child: each level's method first asks the parent whether that level is on, and only then
 * makes the real child (once) and writes through it. So a request that logs writes exactly the
 * line the child would have written, and one that does not costs one object.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";

type Method = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
/** pino's loggers answer isLevelEnabled; Fastify's logger type leaves it out. */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

class LazyRequestLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.opts));
  }

  private write(level: Method, args: unknown[]) {
    if (!this.real && !this.parent.isLevelEnabled(level)) return;
    (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  isLevelEnabled(level: string) {
    return ((this.real as Parent | null) ?? this.parent).isLevelEnabled(level);
  }

  // Methods on the prototype, not arrow fields: nothing more is made per request.
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}

  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, opts);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with its own level or serializers gets a real child at
 * once (its level is not the parent's to ask); every other request a lazy one.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as Parent;
  if (opts.level || opts.serializers || typeof parent.isLevelEnabled !== "function") return logger.child(bindings, opts);
  return new LazyRequestLogger(parent, bindings, opts) as unknown as FastifyBaseLogger;
}
