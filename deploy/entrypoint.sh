#!/bin/sh
# agon's entrypoint in a container (deploy/Containerfile), usable outside one too (tests/deploy/):
# wait for the database, bring its schema to the newest (`agon admin migrate`), then become
# `agon serve` (exec: the server is this process, so `podman stop`'s SIGTERM reaches uvicorn).
#
#   AGON_DB                 the database URL (postgresql://agon:...@db/agon, or sqlite:////var/lib/agon/agon.db)
#   AGON_CONFIG             a TOML settings file `agon serve` reads (optional; see docs/hosting.md)
#   AGON_HOST, AGON_PORT    where to listen (default 0.0.0.0:8000: the container's own address)
#   AGON_DB_WAIT_SECONDS    how long to wait for the database to answer (default 60)
#
# Arguments that start with "-" go to `agon serve` (e.g. --workers 4); any other command runs
# instead of the server (e.g. `agon admin backup /var/lib/agon/backup.agon.gz`).
set -eu

if [ "$#" -gt 0 ] && [ "${1#-}" = "$1" ]; then
    exec "$@"
fi

wait_seconds="${AGON_DB_WAIT_SECONDS:-60}"
deadline=$(( $(date +%s) + wait_seconds ))
# `agon admin migrate` is the wait: it fails with "cannot use the database" until the database
# answers; any other failure (a newer agon's schema, a bad setting) is final.
until said=$(agon admin migrate 2>&1); do
    case "$said" in
        *"cannot use the database"*) ;;
        *) echo "agon-entrypoint: $said" >&2; exit 1 ;;
    esac
    if [ "$(date +%s)" -ge "$deadline" ]; then
        echo "agon-entrypoint: the database did not answer within ${wait_seconds} s: $said" >&2
        exit 1
    fi
    echo "agon-entrypoint: waiting for the database: $said" >&2
    sleep 1
done
echo "agon-entrypoint: $said"

exec agon serve --host "${AGON_HOST:-0.0.0.0}" --port "${AGON_PORT:-8000}" "$@"
