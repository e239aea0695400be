#!/usr/bin/env bash
# Until the first release lands, the schema has a single init migration: regenerate it from
# server/db/schema/*.ts. (After that, use `npm run db:generate` for incremental migrations.)
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf server/db/migrations
npx drizzle-kit generate --name init >/dev/null
ls server/db/migrations
