#!/usr/bin/env bash
# `npm test`: everything the project checks, in order, on this machine. First what the tests need besides Node
# (scripts/install-test-deps.sh, sourced so the TEST_DATABASE_URL and TEST_REDIS_URL it settles reach every test
# process): as root it installs and starts what is missing; as another user it only looks, and when something is
# missing it says what to run and stops. Then: type check, lint, unit and server tests, build, end-to-end tests,
# the main journey in three engines. `.ci/run` is `npm ci` then this.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ "$(id -u)" -eq 0 ]; then
  # shellcheck source=install-test-deps.sh
  source scripts/install-test-deps.sh --install
else
  # shellcheck source=install-test-deps.sh
  source scripts/install-test-deps.sh --check
fi

for step in typecheck lint test:unit build test:e2e test:engines; do
  log "npm run $step"
  npm run "$step"
done
log "npm test: all passed"
