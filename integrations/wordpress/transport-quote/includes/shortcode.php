<?php
/**
 * The shortcode: [transport_quote variante="lite" carte="oui"], for any editor, in any block
 * or in the classic editor. Unknown attributes are ignored; known ones are read from a fixed
 * list of values, so what an author types never reaches the page as written.
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers [transport_quote].
 */
function transport_quote_register_shortcode() {
	add_shortcode( 'transport_quote', 'transport_quote_shortcode' );
}

/**
 * Renders [transport_quote].
 *
 * @param array<string, string>|string $atts The shortcode's attributes ('' when there are none).
 * @return string
 */
function transport_quote_shortcode( $atts ) {
	$atts = shortcode_atts(
		array(
			'variante' => 'assistant',
			'carte'    => 'non',
		),
		$atts,
		'transport_quote'
	);
	return transport_quote_render(
		array(
			'variante' => strtolower( trim( (string) $atts['variante'] ) ),
			'carte'    => in_array( strtolower( trim( (string) $atts['carte'] ) ), array( 'oui', 'true', '1' ), true ),
		)
	);
}
