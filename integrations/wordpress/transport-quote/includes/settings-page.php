<?php
/**
 * The settings page (Réglages > Devis de transport), for administrators only.
 *
 * @package TransportQuote
 */

defined( 'ABSPATH' ) || exit;

/**
 * Adds the page under Settings, with its sections and fields.
 */
function transport_quote_add_settings_page() {
	add_options_page(
		__( 'Devis de transport', 'transport-quote' ),
		__( 'Devis de transport', 'transport-quote' ),
		'manage_options',
		'transport-quote',
		'transport_quote_settings_page'
	);

	add_settings_section(
		'transport_quote_server',
		__( 'Serveur du devis', 'transport-quote' ),
		'transport_quote_server_section',
		'transport-quote'
	);
	add_settings_section(
		'transport_quote_company',
		__( 'Intranet des clients professionnels', 'transport-quote' ),
		'transport_quote_company_section',
		'transport-quote'
	);
	add_settings_section(
		'transport_quote_look',
		__( 'Apparence', 'transport-quote' ),
		'__return_false',
		'transport-quote'
	);

	$fields = array(
		'scripts_url'   => array( 'transport_quote_server', __( 'Adresse des scripts', 'transport-quote' ) ),
		'api_url'       => array( 'transport_quote_server', __( 'Adresse de l’API', 'transport-quote' ) ),
		'maps_provider' => array( 'transport_quote_server', __( 'Cartes et adresses', 'transport-quote' ) ),
		'maps_key'      => array( 'transport_quote_server', __( 'Clé Google Maps', 'transport-quote' ) ),
		'carrier_key'   => array( 'transport_quote_server', __( 'Clé publique du transporteur', 'transport-quote' ) ),
		'company_token' => array( 'transport_quote_company', __( 'Jeton d’entreprise', 'transport-quote' ) ),
		'company_page'  => array( 'transport_quote_company', __( 'Page de l’intranet', 'transport-quote' ) ),
		'brand_color'   => array( 'transport_quote_look', __( 'Couleur de marque', 'transport-quote' ) ),
		'scroll_offset' => array( 'transport_quote_look', __( 'Hauteur de l’en-tête fixe du site', 'transport-quote' ) ),
	);
	foreach ( $fields as $key => $field ) {
		add_settings_field(
			'transport_quote_' . $key,
			$field[1],
			'transport_quote_field_' . $key,
			'transport-quote',
			$field[0],
			array( 'label_for' => 'transport_quote_' . $key )
		);
	}
}

/**
 * A link to the settings beside the plugin's name in the list of plugins.
 *
 * @param string[] $links The plugin's links.
 * @return string[]
 */
function transport_quote_action_links( $links ) {
	array_unshift(
		$links,
		sprintf( '<a href="%1$s">%2$s</a>', esc_url( admin_url( 'options-general.php?page=transport-quote' ) ), esc_html__( 'Réglages', 'transport-quote' ) )
	);
	return $links;
}

/**
 * The page itself.
 */
function transport_quote_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'Le bloc « Devis de transport » et le code court [transport_quote] affichent le devis en ligne sur une page. Tout rédacteur peut les placer : ils ne demandent pas le droit de publier du HTML non filtré.', 'transport-quote' ); ?></p>
		<form action="options.php" method="post">
			<?php
			settings_fields( 'transport_quote' );
			do_settings_sections( 'transport-quote' );
			submit_button( __( 'Enregistrer les réglages', 'transport-quote' ) );
			?>
		</form>
	</div>
	<?php
}

/**
 * Introduces the server's settings.
 */
function transport_quote_server_section() {
	echo '<p>' . esc_html__( 'Le serveur qui envoie l’élément et enregistre les réservations. Les deux adresses doivent être en https : une page en https ne charge ni script ni données en http.', 'transport-quote' ) . '</p>';
}

/**
 * Introduces the intranet's settings.
 */
function transport_quote_company_section() {
	echo '<p>' . esc_html__( 'Sur la page choisie, et sur elle seule, le devis s’ouvre en mode entreprise (prix HT, lieux et contacts enregistrés) avec ce jeton. Réservez cette page aux personnes de l’entreprise : qui peut l’ouvrir peut lire le jeton.', 'transport-quote' ) . '</p>';
}

/**
 * A text field of the option.
 *
 * @param string $key         The setting.
 * @param string $type        The input's type.
 * @param string $description The help under the field.
 * @param array  $extra       More attributes of the input.
 */
function transport_quote_text_field( $key, $type, $description, $extra = array() ) {
	$settings = transport_quote_get_settings();
	$id       = 'transport_quote_' . $key;
	printf(
		'<input type="%1$s" id="%2$s" name="%3$s" value="%4$s" class="regular-text" aria-describedby="%2$s_description"',
		esc_attr( $type ),
		esc_attr( $id ),
		esc_attr( TRANSPORT_QUOTE_OPTION . '[' . $key . ']' ),
		esc_attr( (string) $settings[ $key ] )
	);
	foreach ( $extra as $name => $value ) {
		printf( ' %1$s="%2$s"', esc_attr( $name ), esc_attr( $value ) );
	}
	printf( '><p class="description" id="%1$s_description">%2$s</p>', esc_attr( $id ), esc_html( $description ) );
}

/**
 * The folder of the element scripts.
 */
function transport_quote_field_scripts_url() {
	transport_quote_text_field(
		'scripts_url',
		'url',
		__( 'Le dossier qui contient transport-quote-wizard.js et transport-quote-lite.js, par exemple https://devis.transporteur.fr/dist/.', 'transport-quote' ),
		array( 'placeholder' => 'https://' )
	);
}

/**
 * The API's address.
 */
function transport_quote_field_api_url() {
	transport_quote_text_field(
		'api_url',
		'url',
		__( 'Laissez vide si l’API est sur le même serveur que les scripts.', 'transport-quote' ),
		array( 'placeholder' => 'https://' )
	);
}

/**
 * The maps provider.
 */
function transport_quote_field_maps_provider() {
	$settings = transport_quote_get_settings();
	printf( '<select id="transport_quote_maps_provider" name="%s">', esc_attr( TRANSPORT_QUOTE_OPTION . '[maps_provider]' ) );
	foreach ( transport_quote_maps_providers() as $value => $label ) {
		printf( '<option value="%1$s"%2$s>%3$s</option>', esc_attr( $value ), selected( $settings['maps_provider'], $value, false ), esc_html( $label ) );
	}
	echo '</select>';
}

/**
 * The Google Maps key.
 */
function transport_quote_field_maps_key() {
	transport_quote_text_field(
		'maps_key',
		'text',
		__( 'Seulement avec Google Maps. Limitez la clé au domaine de ce site dans la console Google.', 'transport-quote' ),
		array( 'autocomplete' => 'off' )
	);
}

/**
 * The carrier's public key.
 */
function transport_quote_field_carrier_key() {
	transport_quote_text_field(
		'carrier_key',
		'text',
		__( 'La clé publique de votre entreprise (tqw_pk_…), sur la page « Intégrer à mon site » des Réglages de votre espace transporteur : vos devis et réservations sont faits à vos tarifs et arrivent dans votre espace. Elle peut figurer sur toutes vos pages : elle n’ouvre rien de privé.', 'transport-quote' ),
		array(
			'autocomplete' => 'off',
			'spellcheck'   => 'false',
		)
	);
}

/**
 * The company token.
 */
function transport_quote_field_company_token() {
	transport_quote_text_field(
		'company_token',
		'text',
		__( 'Le jeton que le transporteur a donné à l’entreprise. Il n’est écrit que sur la page de l’intranet.', 'transport-quote' ),
		array(
			'autocomplete' => 'off',
			'spellcheck'   => 'false',
		)
	);
}

/**
 * The intranet page, with a warning when anyone may open it.
 */
function transport_quote_field_company_page() {
	$settings = transport_quote_get_settings();
	wp_dropdown_pages(
		array(
			'id'                => 'transport_quote_company_page',
			'name'              => esc_attr( TRANSPORT_QUOTE_OPTION . '[company_page]' ),
			'selected'          => (int) $settings['company_page'],
			'show_option_none'  => esc_html__( 'Aucune', 'transport-quote' ),
			'option_none_value' => '0',
			'post_status'       => array( 'publish', 'private', 'draft' ),
		)
	);
	$page = (int) $settings['company_page'];
	if ( $page > 0 && 'publish' === get_post_status( $page ) && '' === get_post_field( 'post_password', $page ) ) {
		echo '<p class="description"><strong>' . esc_html__( 'Cette page est publique : tout visiteur peut y lire le jeton. Rendez-la privée, protégez-la par un mot de passe ou réservez-la aux membres connectés.', 'transport-quote' ) . '</strong></p>';
	}
}

/**
 * The brand colour.
 */
function transport_quote_field_brand_color() {
	transport_quote_text_field(
		'brand_color',
		'text',
		__( 'En hexadécimal, par exemple #166534 (le texte blanc doit y rester lisible). Vide : le bleu par défaut.', 'transport-quote' ),
		array(
			'pattern'     => '#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?',
			'placeholder' => '#1d4ed8',
		)
	);
}

/**
 * The fixed header's height.
 */
function transport_quote_field_scroll_offset() {
	transport_quote_text_field(
		'scroll_offset',
		'number',
		__( 'En pixels, si le site garde un en-tête fixe en haut de l’écran, pour que les titres du devis n’y passent pas dessous. Vide : le scroll-padding-top de la page, s’il est défini.', 'transport-quote' ),
		array(
			'min'  => '0',
			'max'  => '400',
			'step' => '1',
		)
	);
}
