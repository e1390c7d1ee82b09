<?php
/**
 * Removes the plugin's settings when the administrator deletes it.
 *
 * @package TransportQuote
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'transport_quote_settings' );
