import { createRequire } from 'node:module';
import fs from 'node:fs';
const require = createRequire(import.meta.url);
const pg = require('pg');
const counts = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === 'string' ? config : (config && (config.text || config.name)) || '?';
  const k = String(text).replace(/\s+/g, ' ').slice(0, 140);
  counts.set(k, (counts.get(k) || 0) + 1);
  return orig.call(this, config, values, cb);
};
const dump = () => { const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, n]) => `${String(n).padStart(8)} ${k}`); fs.writeFileSync(`/tmp/countq-${process.pid}.txt`, rows.join('\n') + '\n'); };
setInterval(dump, 2000).unref();
process.on('exit', dump);
