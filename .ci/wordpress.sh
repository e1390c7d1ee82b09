#!/usr/bin/env bash
# Installs what the WordPress stage of the test suite needs (test/wordpress/): Debian's
# WordPress 6.1 with its PHP 8.2 and block theme, and MariaDB. The stage runs its own MariaDB
# server and PHP's built-in server on free ports; nothing is started here. The package pulls in
# Apache and its PHP module as dependencies; they are not used.
set -euo pipefail

if ! command -v php >/dev/null 2>&1 || [ ! -f /usr/share/wordpress/wp-settings.php ] \
  || [ ! -d /usr/share/wordpress/wp-content/themes/twentytwentythree ] || ! command -v mariadb-install-db >/dev/null 2>&1; then
  echo "Installing Debian's wordpress, its block theme and mariadb-server for the WordPress stage"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    wordpress wordpress-theme-twentytwentythree mariadb-server >/dev/null
fi
echo "WordPress $(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" /usr/share/wordpress/wp-includes/version.php) ready for the tests"
