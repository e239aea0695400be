/**
 * The baseline: a bare Node `http` server, no framework, no database. GET /json answers a
 * constant JSON (the ceiling for the read scenarios); GET /events holds a server-sent event
 * stream and POST /fire writes one event to every open stream (the fan-out baseline).
 */
import http from "node:http";

const body = JSON.stringify({ ok: true, church: "Koinonia Church Orlando", message: "Hello from the baseline" });
const streams = new Set<http.ServerResponse>();

http
  .createServer((req, res) => {
    if (req.url === "/health") return res.end("ok");
    if (req.url === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
      res.write(`retry: 3000\n\nevent: connected\ndata: {}\n\n`);
      streams.add(res);
      req.on("close", () => streams.delete(res));
      return;
    }
    if (req.method === "POST" && req.url === "/fire") {
      const chunk = `event: service-status\ndata: {"serviceId":"baseline","isLive":true}\n\n`;
      for (const s of streams) s.write(chunk);
      return res.end("ok");
    }
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
