// The live examples of /docs.html: each attribute field writes its attribute on the example
// (an empty field removes it), and every event the example emits is listed with its detail.
for (const live of document.querySelectorAll('.live')) {
  const element = live.querySelector(live.dataset.tag);
  const log = live.querySelector('.event-log');
  for (const input of live.querySelectorAll('input[data-attribute]')) {
    input.value = element.getAttribute(input.dataset.attribute) ?? '';
    input.addEventListener('input', () => {
      if (input.value === '') element.removeAttribute(input.dataset.attribute);
      else element.setAttribute(input.dataset.attribute, input.value);
    });
  }
  for (const name of live.dataset.events.split(' ')) {
    element.addEventListener(name, (event) => {
      const entry = document.createElement('li');
      const label = document.createElement('code');
      label.textContent = name;
      entry.append(label, ` ${JSON.stringify(event.detail)}`);
      log.append(entry);
    });
  }
}
