/**
 * The database-bound ceiling (issue 23): one Node process, a bare `http` server, and the same
 * driver and pool settings as the app (node-postgres `pg.Pool`, `max` DATABASE_POOL_SIZE, 20 by
 * default, as server/db/client.ts opens it). Each request is one indexed point select, the
 * member named by the bearer token (`bench-<user id>`, as the bench's sessions are made), and
 * its row as JSON. No framework, no session, no validation: what a read costs when it is only a
 * round trip to PostgreSQL.
 *
 * `/user2` does the same point select twice, one after the other: a read with twice the
 * ceiling's database work, which runs near half its rate. Its p99 at 100 connections is what a
 * route at the member goal's ratio (0.5) can be expected to show when its tail is as thin as the
 * point select's own (bench/README.md: the member goal's two halves, issue 23).
 */
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
pool.on("error", () => undefined);

http
  .createServer((req, res) => {
    if (req.url === "/health") return res.end("ok");
    const id = (req.headers.authorization ?? "").replace(/^Bearer bench-/, "");
    const point = () => pool.query("select id, email, first_name, last_name, role from users where id = $1", [id]);
    (req.url === "/user2" ? point().then(point) : point()).then(
      (r) => {
        const body = JSON.stringify(r.rows[0] ?? null);
        res.writeHead(r.rows.length ? 200 : 404, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
