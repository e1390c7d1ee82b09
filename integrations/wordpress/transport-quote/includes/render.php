<?php
/**
 * What the block and the shortcode both print: the element's tag, its attributes escaped,
 * and its script enqueued once for the page.
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

/**
 * The element of each variant: its tag, which is also its script's name and handle.
 *
 * @return array<string, string> Variant => tag.
 */
function transport_quote_tags() {
	return array(
		'assistant' => 'transport-quote-wizard',
		'lite'      => 'transport-quote-lite',
	);
}

/**
 * Registers both element scripts from the settings' folder. A handle is printed once per page
 * whatever the number of blocks and shortcodes that enqueue it; in the footer, as the element
 * upgrades whenever its script runs. No version query: the server caches its own files.
 */
function transport_quote_register_scripts() {
	$settings = transport_quote_get_settings();
	if ( '' === $settings['scripts_url'] ) {
		return;
	}
	foreach ( transport_quote_tags() as $tag ) {
		wp_register_script( $tag, $settings['scripts_url'] . $tag . '.js', array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the server names its chunks by their hash.
	}
}

/**
 * The API the elements call: the setting, or the scripts' own server.
 *
 * @param array<string, string|int> $settings The plugin's settings.
 * @return string
 */
function transport_quote_api_base( $settings ) {
	if ( '' !== $settings['api_url'] ) {
		return $settings['api_url'];
	}
	$parts = wp_parse_url( $settings['scripts_url'] );
	if ( empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return '';
	}
	return $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
}

/**
 * Whether the post being shown is the intranet page the administrator chose: the only one
 * that receives the company token, so no author can publish it elsewhere.
 *
 * @param array<string, string|int> $settings The plugin's settings.
 * @return bool
 */
function transport_quote_is_company_page( $settings ) {
	$post = get_post();
	return '' !== $settings['company_token']
		&& (int) $settings['company_page'] > 0
		&& $post instanceof WP_Post
		&& (int) $post->ID === (int) $settings['company_page'];
}

/**
 * What shows where the element would, while the administrator has not said where its scripts
 * are: nothing for visitors rather than a broken form, and what to do for those who edit.
 *
 * @param string $wrapper_attributes Attributes of the wrapping paragraph, already escaped.
 * @return string
 */
function transport_quote_setup_notice( $wrapper_attributes ) {
	if ( current_user_can( 'manage_options' ) ) {
		return sprintf(
			'<p %1$s>%2$s <a href="%3$s">%4$s</a></p>',
			$wrapper_attributes,
			esc_html__( 'Le devis de transport n’est pas encore réglé : indiquez l’adresse de ses scripts.', 'transport-quote' ),
			esc_url( admin_url( 'options-general.php?page=transport-quote' ) ),
			esc_html__( 'Ouvrir les réglages', 'transport-quote' )
		);
	}
	if ( current_user_can( 'edit_posts' ) ) {
		return sprintf(
			'<p %1$s>%2$s</p>',
			$wrapper_attributes,
			esc_html__( 'Le devis de transport n’est pas encore réglé : demandez à l’administrateur du site d’indiquer l’adresse de ses scripts.', 'transport-quote' )
		);
	}
	return '';
}

/**
 * The element's markup for the given choices, every attribute escaped.
 *
 * @param array{variante?: string, carte?: bool} $choices What the author chose.
 * @param string                                 $wrapper_attributes Attributes of the wrapping div, already escaped.
 * @return string
 */
function transport_quote_render( $choices, $wrapper_attributes = 'class="transport-quote"' ) {
	static $count = 0;
	$settings = transport_quote_get_settings();
	$tags     = transport_quote_tags();
	$variant  = isset( $choices['variante'], $tags[ $choices['variante'] ] ) ? $choices['variante'] : 'assistant';
	$tag      = $tags[ $variant ];

	if ( '' === $settings['scripts_url'] ) {
		return transport_quote_setup_notice( $wrapper_attributes );
	}

	wp_enqueue_script( $tag );
	++$count;

	$attributes = array(
		// Names the element's draft, so two forms on one page never share one.
		'id'            => 'devis-' . $count,
		'api-base'      => transport_quote_api_base( $settings ),
		'maps-provider' => $settings['maps_provider'],
	);
	if ( '' !== $settings['maps_key'] ) {
		$attributes['maps-key'] = $settings['maps_key'];
	}
	if ( ! empty( $choices['carte'] ) ) {
		$attributes['maps-visible'] = 'true';
	}
	if ( transport_quote_is_company_page( $settings ) ) {
		$attributes['mode']          = 'company';
		$attributes['company-token'] = $settings['company_token'];
	} elseif ( '' !== $settings['carrier_key'] ) {
		// The carrier's public pages: priced on its own tariff, its bookings in its own back office.
		$attributes['carrier-key'] = $settings['carrier_key'];
	}
	$style = array();
	if ( '' !== $settings['brand_color'] && sanitize_hex_color( $settings['brand_color'] ) ) {
		$style[] = '--tqw-brand: ' . sanitize_hex_color( $settings['brand_color'] );
	}
	if ( '' !== $settings['scroll_offset'] ) {
		$style[] = '--tqw-scroll-offset: ' . absint( $settings['scroll_offset'] ) . 'px';
	}
	if ( $style ) {
		$attributes['style'] = implode( '; ', $style );
	}

	$html = '';
	foreach ( $attributes as $name => $value ) {
		$html .= ' ' . $name . '="' . ( 'api-base' === $name ? esc_url( $value ) : esc_attr( $value ) ) . '"';
	}
	return sprintf( '<div %1$s><%2$s%3$s></%2$s></div>', $wrapper_attributes, $tag, $html );
}
