import type { FastifyRequest } from 'fastify';

/** Why a customer's form is refused before it is read, in French. */
export interface FormRefusal {
  status: 403 | 415;
  title: string;
  text: string;
}

const AGAIN = 'Ouvrez le lien que vous avez reçu et validez depuis sa page.';

const CROSS_SITE: FormRefusal = {
  status: 403,
  title: 'Demande refusée',
  text: `Ce formulaire a été envoyé depuis un autre site\u00a0: rien n’a été enregistré. ${AGAIN}`,
};

const NOT_A_FORM: FormRefusal = {
  status: 415,
  title: 'Formulaire refusé',
  text: `Seul le formulaire de la page est accepté\u00a0: rien n’a été enregistré. ${AGAIN}`,
};

/**
 * The customer's forms outside the back office ('Bon pour accord' below the devis, the acceptance
 * of a counter-offer) carry their link's token, never a cookie, so another site cannot forge them
 * without it. Two more locks, checked before the body is read: a post the browser says comes from
 * another site (Sec-Fetch-Site: cross-site) is refused, and so is any body but the one a page's
 * form sends (application/x-www-form-urlencoded): a JSON body is a program's, not the customer's
 * click on the page. Returns the refusal, or null when the form may be read.
 */
export function customerFormRefusal(request: FastifyRequest): FormRefusal | null {
  if (request.headers['sec-fetch-site'] === 'cross-site') return CROSS_SITE;
  const media = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return media === 'application/x-www-form-urlencoded' ? null : NOT_A_FORM;
}
