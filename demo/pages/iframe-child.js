// The framing page is ours (same origin here): messages carrying a token may go to it, and only to it.
document.getElementById('devis-iframe').setAttribute('parent-origin', window.location.origin);
