#!/bin/sh
# Stands in for Prisma 7's native schema engine, which its CLI downloads and cannot get offline: with
# PRISMA_SCHEMA_ENGINE_BINARY pointing here, `prisma generate` runs (it never starts the engine). Anything that does
# start it fails here with this message. The app applies migrations itself (docs/decisions/003) and
# `npm run db:diff` writes them with Prisma 6's WASM engine (docs/decisions/165).
echo "Prisma's schema engine is not installed here: see docs/decisions/003 and 165-prisma-7.md." >&2
exit 1
