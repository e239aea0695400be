/**
 * Each request's logger is made only when the request writes a line (request-logger.ts): what
 * is written is the same as before, and a request that writes nothing makes no pino child.
 */
import { describe, expect, it } from "vitest";
import pino from "pino";
import Fastify from "fastify";
import { lazyChildLogger } from "./request-logger";
import { loggerOptions, type LogLevel } from "./logging";

function capture(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const opts = loggerOptions(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }) as pino.LoggerOptions & {
    stream: pino.DestinationStream;
  };
  const parent = pino(opts, opts.stream);
  let children = 0;
  const child = parent.child.bind(parent);
  parent.child = ((...args: Parameters<typeof child>) => {
    children++;
    return child(...args);
  }) as typeof parent.child;
  return { parent, lines, children: () => children };
}

describe("lazyChildLogger", () => {
  it("below the level: nothing written and no child made", () => {
    const { parent, lines, children } = capture("warn");
    const log = lazyChildLogger(parent, { reqId: "r1" }, {});
    log.info({ a: 1 }, "incoming request");
    log.debug("detail");
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
    expect(log.level).toBe("warn");
  });

  it("at the level: the line carries the request's bindings, redaction applies, one child for all lines", () => {
    const { parent, lines, children } = capture("warn");
    const log = lazyChildLogger(parent, { reqId: "r2" }, {});
    log.warn({ password: "hunter2", user: { token: "t0k" } }, "first");
    log.error(new Error("boom"), "second");
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: "r2", msg: "first", password: "[redacted]", user: { token: "[redacted]" } });
    expect(lines[1]).toMatchObject({ reqId: "r2", msg: "second", err: { message: "boom" } });
  });

  it("a route's own level gets a real child at once", () => {
    const { parent, lines, children } = capture("warn");
    const log = lazyChildLogger(parent, { reqId: "r3" }, { level: "debug" });
    expect(children()).toBe(1);
    log.debug("shown at the route's level");
    expect(lines).toMatchObject([{ reqId: "r3", msg: "shown at the route's level" }]);
  });

  it("in Fastify: at info, a request's two lines share its id; at warn, a request writes nothing", async () => {
    for (const level of ["info", "warn"] as const) {
      const lines: Record<string, unknown>[] = [];
      const app = Fastify({
        logger: loggerOptions(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
        childLoggerFactory: lazyChildLogger,
      });
      app.get("/x", async (req) => {
        req.log.info("inside");
        return { ok: true };
      });
      const res = await app.inject({ method: "GET", url: "/x" });
      expect(res.statusCode).toBe(200);
      await app.close();
      const own = lines.filter((l) => l.reqId);
      if (level === "warn") {
        expect(own).toEqual([]);
      } else {
        expect(own.map((l) => l.msg)).toEqual(["incoming request", "inside", "request completed"]);
        expect(new Set(own.map((l) => l.reqId)).size).toBe(1);
      }
    }
  });
});
