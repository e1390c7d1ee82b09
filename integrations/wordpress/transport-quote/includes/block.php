<?php
/**
 * The block "Devis de transport": registered from block.json, rendered on the server by the
 * same code as the shortcode; its editor script needs no build step.
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the block and gives its editor script what the preview needs.
 */
function transport_quote_register_block() {
	$block = register_block_type(
		TRANSPORT_QUOTE_DIR . 'block',
		array( 'render_callback' => 'transport_quote_render_block' )
	);
	if ( ! $block ) {
		return;
	}
	$settings = transport_quote_get_settings();
	$scripts  = array();
	if ( '' !== $settings['scripts_url'] ) {
		foreach ( transport_quote_tags() as $variant => $tag ) {
			$scripts[ $variant ] = esc_url_raw( $settings['scripts_url'] . $tag . '.js' );
		}
	}
	$handle = generate_block_asset_handle( 'transport-quote/devis', 'editorScript' );
	wp_add_inline_script( $handle, 'window.transportQuoteBlock = ' . wp_json_encode( array( 'scripts' => $scripts ) ) . ';', 'before' );
	wp_set_script_translations( $handle, 'transport-quote' );
}

/**
 * Renders the block on the published page and in the editor's preview.
 *
 * @param array<string, mixed> $attributes The block's attributes, checked against block.json.
 * @return string
 */
function transport_quote_render_block( $attributes ) {
	return transport_quote_render(
		array(
			'variante' => isset( $attributes['variante'] ) ? (string) $attributes['variante'] : 'assistant',
			'carte'    => ! empty( $attributes['carte'] ),
		),
		get_block_wrapper_attributes()
	);
}
