// Shows every message the framed wizard posts, and sizes the iframe to the announced height.
const frame = document.getElementById('devis');
const log = document.getElementById('log');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.source !== 'transport-quote') return;
  if (event.data.type === 'height_changed') {
    frame.style.height = `${event.data.height + 32}px`;
    return;
  }
  const line = `${new Date().toLocaleTimeString('fr-FR')}  ${event.origin}  ${JSON.stringify(event.data)}\n`;
  log.textContent += line;
  window.receivedMessages = [...(window.receivedMessages ?? []), { origin: event.origin, data: event.data }];
});
