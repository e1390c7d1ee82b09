/**
 * A model of general conditions for a moving company, written for this product (issue 54): a
 * starting point a carrier adapts in Réglages, never legal advice. Its first line says so, and
 * 'Votre devis est-il complet ?' flags conditions that still carry it. The rules it restates are
 * cited beside them: the arrêté of 27 April 2010 on moving prices and devis, the consumer code
 * (L224-63 on reserves, L221-28 on withdrawal, L612-1 and L616-1 on mediation) and the commerce
 * code (L133-1 on the carrier's liability).
 */
export const TERMS_MODEL_MARKER = '[Modèle à adapter';

export const TERMS_MODEL = `${TERMS_MODEL_MARKER} et à faire vérifier par votre conseil avant de le publier : supprimez cette ligne une fois fait.]

Conditions générales de déménagement

1. Objet
Les présentes conditions s’appliquent aux déménagements que le déménageur exécute pour ses clients. Elles accompagnent chaque devis ; le devis accepté et ces conditions forment le contrat.

2. Devis et formation du contrat
Le déménageur remet gratuitement un devis écrit avant tout engagement (arrêté du 27 avril 2010). Le contrat est formé par l’acceptation du devis, datée et signée, ou par l’accord donné en ligne (« Bon pour accord »). Le devis engage le déménageur jusqu’à la date de validité qu’il indique.

3. Prix
Le prix indiqué au devis, hors taxes et toutes taxes comprises, est définitif : le déménageur ne peut facturer aucun frais supplémentaire, sauf modification expresse des termes du devis acceptée par le client. Toute prestation demandée en plus, ou toute différence entre les conditions déclarées et celles constatées le jour du déménagement (volume, accès, étages, distance de portage), fait l’objet d’un accord écrit préalable ; à défaut, la prestation n’est pas exécutée.

4. Paiement
Les modalités de paiement (acompte éventuel, solde, moyens acceptés) sont précisées au devis. Le solde est exigible à la fin du déménagement, avant le déchargement complet si le devis le prévoit. Le client professionnel qui paie en retard doit de plein droit des pénalités de retard et une indemnité forfaitaire pour frais de recouvrement de 40 € (code de commerce, L441-10).

5. Obligations du client
Le client déclare exactement les conditions du déménagement : volume du mobilier, accès, étages, ascenseur, stationnement. Il déclare la valeur de son mobilier ; cette déclaration fixe la limite de l’indemnisation en cas de perte ou d’avarie. Il emballe et démonte ce que le devis ne confie pas au déménageur. Il ne remet au déménageur ni espèces, ni bijoux, ni titres, ni objets de valeur, ni matières dangereuses, qu’il transporte lui-même. Il est présent, ou représenté, au chargement et à la livraison.

6. Exécution
Le déménagement a lieu à la date ou dans la période fixée au devis. Une lettre de voiture est établie pour chaque déménagement ; elle est signée au chargement, puis à la livraison, où le client donne décharge et note ses réserves. Le déménageur peut refuser d’exécuter une prestation qui exposerait ses équipes ou les biens à un danger manifeste.

7. Responsabilité du déménageur
Le déménageur répond de la perte et des avaries des biens qui lui sont confiés, sauf cas de force majeure, vice propre de la chose ou faute du client (code de commerce, L133-1). Son indemnisation est limitée à la valeur déclarée par le client, objet par objet dans la limite prévue au devis. Il n’est pas responsable des biens emballés par le client, pour ce qui tient à leur emballage.

8. Réserves et réclamations
À la livraison, le client inscrit ses réserves sur la lettre de voiture, de façon précise (objet, dommage constaté). Il dispose ensuite de dix jours calendaires à compter de la réception de ses biens pour adresser au déménageur, par lettre recommandée, une protestation motivée sur leur état ou leur caractère incomplet, même sans réserve à la livraison (code de la consommation, L224-63 ; arrêté du 27 avril 2010, article 3).

9. Droit de rétractation
Le déménagement est une prestation de transport de biens fournie à une date déterminée : conclu à distance ou hors établissement, le contrat n’ouvre pas de droit de rétractation (code de la consommation, L221-28, 12°). Une annulation par le client est traitée comme le prévoit le devis.

10. Médiation de la consommation
En cas de litige qu’il n’a pu régler par une réclamation écrite auprès du déménageur, le client consommateur peut saisir gratuitement le médiateur de la consommation dont les coordonnées figurent au devis (code de la consommation, L612-1 et L616-1).

11. Données personnelles
Les données du client servent à exécuter le déménagement et à le facturer. Elles sont conservées le temps de la relation et des obligations comptables ; le client peut y accéder, les faire rectifier ou effacer en écrivant au déménageur.

12. Litiges
Le contrat est soumis au droit français. À défaut d’accord amiable ou de médiation, le litige est porté devant la juridiction compétente.
`;
