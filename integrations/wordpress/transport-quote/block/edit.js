/**
 * The block's editor side, written for the browser as is (no build step): the settings of the
 * block in the sidebar, and a live preview of what the server renders, in WordPress's sandbox
 * frame, which the element tells its height.
 *
 * @package TransportQuote
 */
( function ( wp, config ) {
	'use strict';

	const el = wp.element.createElement;
	const { __ } = wp.i18n;
	const { useBlockProps, InspectorControls } = wp.blockEditor;
	const { PanelBody, SelectControl, ToggleControl, SandBox, Spinner, Notice } = wp.components;
	const { useEffect, useState } = wp.element;
	const { useSelect } = wp.data;
	const scripts = ( config && config.scripts ) || {};

	/**
	 * The id of the post being edited, when the editor is the post editor.
	 *
	 * @return {number|undefined} The post's id.
	 */
	function useEditedPostId() {
		return useSelect( ( select ) => {
			const editor = select( 'core/editor' );
			return editor ? editor.getCurrentPostId() : undefined;
		}, [] );
	}

	/**
	 * What the server renders for these attributes, as the published page will show it.
	 *
	 * @param {Object} attributes The block's attributes.
	 * @return {{html: (string|null), failed: boolean}} The markup, null while it comes.
	 */
	function useRenderedMarkup( attributes ) {
		const postId = useEditedPostId();
		const [ state, setState ] = useState( { html: null, failed: false } );
		const { variante, carte } = attributes;
		useEffect( () => {
			let current = true;
			setState( { html: null, failed: false } );
			wp.apiFetch( {
				path: wp.url.addQueryArgs( '/wp/v2/block-renderer/transport-quote/devis', {
					context: 'edit',
					attributes: { variante, carte },
					post_id: postId,
				} ),
			} ).then(
				( response ) => current && setState( { html: response.rendered, failed: false } ),
				() => current && setState( { html: null, failed: true } )
			);
			return () => {
				current = false;
			};
		}, [ variante, carte, postId ] );
		return state;
	}

	/**
	 * The block in the editor.
	 *
	 * @param {Object}   props               The block's properties.
	 * @param {Object}   props.attributes    Its attributes.
	 * @param {Function} props.setAttributes Sets some of them.
	 * @return {Object} The element to show.
	 */
	function Edit( { attributes, setAttributes } ) {
		const blockProps = useBlockProps( { className: 'transport-quote-block' } );
		const { html, failed } = useRenderedMarkup( attributes );
		const variant = attributes.variante === 'lite' ? 'lite' : 'assistant';
		const label =
			variant === 'lite'
				? __( 'Devis de transport : variante légère, en quatre étapes', 'transport-quote' )
				: __( 'Devis de transport : assistant en cinq étapes', 'transport-quote' );

		let preview;
		if ( failed ) {
			preview = el(
				Notice,
				{ status: 'warning', isDismissible: false },
				__( 'Aperçu indisponible : le devis s’affichera sur la page publiée.', 'transport-quote' )
			);
		} else if ( html === null ) {
			preview = el( Spinner );
		} else {
			preview = el( SandBox, {
				html,
				scripts: scripts[ variant ] ? [ scripts[ variant ] ] : [],
				title: __( 'Aperçu du devis de transport', 'transport-quote' ),
				type: 'transport-quote-preview',
			} );
		}

		return el(
			'div',
			blockProps,
			el(
				InspectorControls,
				null,
				el(
					PanelBody,
					{ title: __( 'Réglages du devis', 'transport-quote' ) },
					el( SelectControl, {
						label: __( 'Variante', 'transport-quote' ),
						value: variant,
						options: [
							{ value: 'assistant', label: __( 'Assistant en cinq étapes', 'transport-quote' ) },
							{ value: 'lite', label: __( 'Variante légère, en quatre étapes', 'transport-quote' ) },
						],
						onChange: ( value ) => setAttributes( { variante: value } ),
					} ),
					el( ToggleControl, {
						label: __( 'Afficher la carte du trajet', 'transport-quote' ),
						checked: !! attributes.carte,
						onChange: ( value ) => setAttributes( { carte: value } ),
					} )
				)
			),
			el( 'p', { className: 'transport-quote-block__label' }, label ),
			preview
		);
	}

	wp.blocks.registerBlockType( 'transport-quote/devis', {
		edit: Edit,
		// Rendered on the server: nothing is saved in the post but the block's comment.
		save: () => null,
	} );
} )( window.wp, window.transportQuoteBlock );
