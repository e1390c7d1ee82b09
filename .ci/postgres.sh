#!/usr/bin/env bash
# Makes a local PostgreSQL available to the test suite (the API suite then runs on both stores):
# installs Debian's package when missing, starts its cluster, and creates the test role.
# The tests find it at postgres://tqw:tqw@127.0.0.1:5432/postgres (TQW_TEST_POSTGRES_URL to change).
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "Installing Debian's postgresql for the PostgreSQL runs of the API suite"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

read -r version cluster _port status _ < <(pg_lsclusters -h | head -n 1)
if [ -z "${version:-}" ]; then
  echo "No PostgreSQL cluster found: creating one"
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  pg_createcluster "$version" main
  cluster=main
  status=down
fi
if [ "$status" != "online" ]; then pg_ctlcluster "$version" "$cluster" start; fi

# A role that may create the throwaway databases the tests use, with a password for TCP logins.
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tqw') THEN
    CREATE ROLE tqw LOGIN CREATEDB PASSWORD 'tqw';
  END IF;
END
$$;
SQL
echo "PostgreSQL $version/$cluster ready for the tests"
