<?php
/**
 * The plugin's settings: one option, its defaults, and how each value is checked on save.
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

/**
 * The option that holds every setting.
 */
const TRANSPORT_QUOTE_OPTION = 'transport_quote_settings';

/**
 * The maps providers the element knows (its maps-provider attribute).
 *
 * @return array<string, string> Provider => French label.
 */
function transport_quote_maps_providers() {
	return array(
		'geoplateforme' => __( 'Géoplateforme de l’IGN (sans clé)', 'transport-quote' ),
		'google'        => __( 'Google Maps (clé nécessaire)', 'transport-quote' ),
		'local'         => __( 'Géocodeur hors ligne du serveur de référence (démonstration)', 'transport-quote' ),
	);
}

/**
 * Every setting with its default.
 *
 * @return array<string, string|int>
 */
function transport_quote_default_settings() {
	return array(
		'scripts_url'   => '',
		'api_url'       => '',
		'maps_provider' => 'geoplateforme',
		'maps_key'      => '',
		'carrier_key'   => '',
		'company_token' => '',
		'company_page'  => 0,
		'brand_color'   => '',
		'scroll_offset' => '',
	);
}

/**
 * The saved settings, completed with the defaults.
 *
 * @return array<string, string|int>
 */
function transport_quote_get_settings() {
	$saved = get_option( TRANSPORT_QUOTE_OPTION, array() );
	return array_merge( transport_quote_default_settings(), is_array( $saved ) ? $saved : array() );
}

/**
 * Whether a URL may be used: https, or plain http on this machine only (a test or a
 * developer's site). An https page cannot load a script or call an API over http.
 *
 * @param string $url An absolute URL.
 * @return bool
 */
function transport_quote_is_allowed_url( $url ) {
	$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
	$host   = wp_parse_url( $url, PHP_URL_HOST );
	if ( 'https' === $scheme ) {
		return is_string( $host ) && '' !== $host;
	}
	return 'http' === $scheme && in_array( $host, array( 'localhost', '127.0.0.1', '[::1]' ), true );
}

/**
 * Checks the settings sent from the settings page. A refused value keeps the one saved
 * before, and the administrator reads why in French.
 *
 * @param mixed $input The submitted values.
 * @return array<string, string|int> The values to save.
 */
function transport_quote_sanitize_settings( $input ) {
	$previous = transport_quote_get_settings();
	$clean    = $previous;
	$input    = is_array( $input ) ? $input : array();
	$text     = static function ( $key ) use ( $input ) {
		return isset( $input[ $key ] ) ? trim( sanitize_text_field( wp_unslash( $input[ $key ] ) ) ) : '';
	};

	// The folder of the element scripts; the address of one of them is accepted too.
	$scripts = $text( 'scripts_url' );
	$scripts = preg_replace( '#transport-quote-(wizard|lite)\.js$#', '', $scripts );
	if ( '' === $scripts ) {
		$clean['scripts_url'] = '';
	} elseif ( transport_quote_is_allowed_url( $scripts ) ) {
		$clean['scripts_url'] = trailingslashit( esc_url_raw( $scripts, array( 'http', 'https' ) ) );
	} else {
		add_settings_error(
			TRANSPORT_QUOTE_OPTION,
			'scripts_url',
			__( 'Adresse des scripts refusée : indiquez une adresse en https (par exemple https://devis.transporteur.fr/dist/).', 'transport-quote' )
		);
	}

	$api = $text( 'api_url' );
	if ( '' === $api ) {
		$clean['api_url'] = '';
	} elseif ( transport_quote_is_allowed_url( $api ) ) {
		$clean['api_url'] = untrailingslashit( esc_url_raw( $api, array( 'http', 'https' ) ) );
	} else {
		add_settings_error(
			TRANSPORT_QUOTE_OPTION,
			'api_url',
			__( 'Adresse de l’API refusée : indiquez une adresse en https (par exemple https://devis.transporteur.fr).', 'transport-quote' )
		);
	}

	$provider               = $text( 'maps_provider' );
	$clean['maps_provider'] = array_key_exists( $provider, transport_quote_maps_providers() ) ? $provider : 'geoplateforme';

	$key = $text( 'maps_key' );
	if ( '' === $key || preg_match( '/^[A-Za-z0-9_-]{10,100}$/', $key ) ) {
		$clean['maps_key'] = $key;
	} else {
		add_settings_error( TRANSPORT_QUOTE_OPTION, 'maps_key', __( 'Clé Google Maps refusée : elle ne contient que des lettres, des chiffres, « - » et « _ ».', 'transport-quote' ) );
	}

	// The carrier's public key (Réglages, « Intégrer à mon site », of its back office): printed on every public page.
	$carrier_key = $text( 'carrier_key' );
	if ( '' === $carrier_key || preg_match( '/^tqw_pk_[A-Za-z0-9_-]{16,64}$/', $carrier_key ) ) {
		$clean['carrier_key'] = $carrier_key;
	} else {
		add_settings_error( TRANSPORT_QUOTE_OPTION, 'carrier_key', __( 'Clé publique refusée : elle commence par tqw_pk_ et ne contient que des lettres, des chiffres, « - » et « _ ». Recopiez-la depuis la page « Intégrer à mon site » de votre espace transporteur.', 'transport-quote' ) );
	}

	$token = $text( 'company_token' );
	if ( '' === $token || preg_match( '/^[A-Za-z0-9_-]{16,200}$/', $token ) ) {
		$clean['company_token'] = $token;
	} else {
		add_settings_error( TRANSPORT_QUOTE_OPTION, 'company_token', __( 'Jeton d’entreprise refusé : il ne contient que des lettres, des chiffres, « - » et « _ ».', 'transport-quote' ) );
	}

	$page                  = isset( $input['company_page'] ) ? absint( $input['company_page'] ) : 0;
	$clean['company_page'] = ( $page > 0 && 'page' === get_post_type( $page ) ) ? $page : 0;

	$color = $text( 'brand_color' );
	if ( '' === $color ) {
		$clean['brand_color'] = '';
	} elseif ( sanitize_hex_color( $color ) ) {
		$clean['brand_color'] = sanitize_hex_color( $color );
	} else {
		add_settings_error( TRANSPORT_QUOTE_OPTION, 'brand_color', __( 'Couleur refusée : indiquez-la en hexadécimal, par exemple #166534.', 'transport-quote' ) );
	}

	$offset = $text( 'scroll_offset' );
	if ( '' === $offset ) {
		$clean['scroll_offset'] = '';
	} elseif ( ctype_digit( $offset ) && (int) $offset <= 400 ) {
		$clean['scroll_offset'] = (int) $offset;
	} else {
		add_settings_error( TRANSPORT_QUOTE_OPTION, 'scroll_offset', __( 'Décalage refusé : indiquez un nombre de pixels entre 0 et 400, ou laissez vide.', 'transport-quote' ) );
	}

	return $clean;
}

/**
 * Registers the option with its check, for the settings page.
 */
function transport_quote_register_settings() {
	register_setting(
		'transport_quote',
		TRANSPORT_QUOTE_OPTION,
		array(
			'type'              => 'array',
			'sanitize_callback' => 'transport_quote_sanitize_settings',
			'default'           => transport_quote_default_settings(),
			'show_in_rest'      => false,
		)
	);
}
