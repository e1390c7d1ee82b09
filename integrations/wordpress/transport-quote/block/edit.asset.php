<?php
/**
 * What the editor script needs, written by hand: the plugin has no build step.
 *
 * @package TransportQuote
 */

return array(
	'dependencies' => array( 'wp-api-fetch', 'wp-block-editor', 'wp-blocks', 'wp-components', 'wp-data', 'wp-element', 'wp-i18n', 'wp-url' ),
	'version'      => '1.0.0',
);
