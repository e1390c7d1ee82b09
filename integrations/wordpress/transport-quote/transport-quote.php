<?php
/**
 * Plugin Name:       Devis de transport
 * Description:       Le devis et la réservation en ligne d’un transport ou d’un déménagement : un bloc et un code court que tout rédacteur peut placer, sans le droit de publier du HTML non filtré.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Transport Quote Wizard
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       transport-quote
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

define( 'TRANSPORT_QUOTE_VERSION', '1.0.0' );
define( 'TRANSPORT_QUOTE_DIR', plugin_dir_path( __FILE__ ) );
define( 'TRANSPORT_QUOTE_FILE', __FILE__ );

require_once TRANSPORT_QUOTE_DIR . 'includes/settings.php';
require_once TRANSPORT_QUOTE_DIR . 'includes/render.php';
require_once TRANSPORT_QUOTE_DIR . 'includes/shortcode.php';
require_once TRANSPORT_QUOTE_DIR . 'includes/block.php';
require_once TRANSPORT_QUOTE_DIR . 'includes/settings-page.php';

add_action( 'init', 'transport_quote_register_scripts' );
add_action( 'init', 'transport_quote_register_shortcode' );
add_action( 'init', 'transport_quote_register_block' );
add_action( 'admin_init', 'transport_quote_register_settings' );
add_action( 'admin_menu', 'transport_quote_add_settings_page' );
add_filter( 'plugin_action_links_' . plugin_basename( __FILE__ ), 'transport_quote_action_links' );
