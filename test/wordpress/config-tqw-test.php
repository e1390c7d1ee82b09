<?php
/*
 * Debian's WordPress reads its settings from /etc/wordpress/config-<name>.php. This one serves
 * the plugin's test stage (test/wordpress/): the PHP server that stage starts gives every value
 * through its environment, so each run has its own database, content folder and keys.
 */
define( 'DB_NAME', getenv( 'TQW_WP_DB_NAME' ) );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:' . getenv( 'TQW_WP_DB_SOCKET' ) );
define( 'WP_CONTENT_DIR', getenv( 'TQW_WP_CONTENT_DIR' ) );
define( 'WP_CONTENT_URL', getenv( 'TQW_WP_URL' ) . '/wp-content' );
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $tqw_key ) {
	define( $tqw_key, getenv( 'TQW_WP_SALT' ) . $tqw_key );
}
// Notices go to a log the test reads, never into a page or a JSON answer.
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', getenv( 'TQW_WP_CONTENT_DIR' ) . '/debug.log' );
// Nothing leaves this machine, and nothing runs behind the test's back.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
