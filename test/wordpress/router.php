<?php
/*
 * Router of PHP's built-in server for the test stage's WordPress: it names the configuration
 * (as Apache's SetEnv WORDPRESS_CONFIG would) and serves /wp-content/ from the run's own
 * content folder, as Debian's Apache alias does from /var/lib/wordpress/wp-content.
 */
$_SERVER['WORDPRESS_CONFIG'] = 'tqw-test';

$tqw_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( 0 !== strpos( $tqw_path, '/wp-content/' ) ) {
	return false;
}
$tqw_file = getenv( 'TQW_WP_CONTENT_DIR' ) . substr( rawurldecode( $tqw_path ), strlen( '/wp-content' ) );
if ( false !== strpos( $tqw_path, '..' ) || ! is_file( $tqw_file ) || preg_match( '/\.php$/', $tqw_file ) ) {
	http_response_code( 404 );
	return true;
}
$tqw_types = array(
	'js'    => 'text/javascript',
	'css'   => 'text/css',
	'json'  => 'application/json',
	'svg'   => 'image/svg+xml',
	'png'   => 'image/png',
	'jpg'   => 'image/jpeg',
	'webp'  => 'image/webp',
	'woff2' => 'font/woff2',
	'woff'  => 'font/woff',
	'ttf'   => 'font/ttf',
);
$tqw_extension = strtolower( pathinfo( $tqw_file, PATHINFO_EXTENSION ) );
header( 'Content-Type: ' . ( $tqw_types[ $tqw_extension ] ?? 'application/octet-stream' ) );
header( 'Content-Length: ' . filesize( $tqw_file ) );
readfile( $tqw_file );
return true;
