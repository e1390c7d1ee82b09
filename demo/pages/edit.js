// Reads the booking's id and token from the link and hands them to the wizard.
const params = new URLSearchParams(window.location.search);
const wizard = document.getElementById('devis-modification');
if (params.get('id') && params.get('token')) {
  wizard.setAttribute('travel-id', params.get('id'));
  wizard.setAttribute('travel-token', params.get('token'));
  // The customer's page of the same booking (the server's /suivi/{id}), by the same token.
  const follow = document.getElementById('suivi');
  document.getElementById('suivi-lien').href =
    `/suivi/${encodeURIComponent(params.get('id'))}?${new URLSearchParams({ token: params.get('token') })}`;
  follow.hidden = false;
}
