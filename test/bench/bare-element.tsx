// The yardstick of the first-render benchmark: a bare React 19 custom element, wrapped with
// r2wc and built the same way as ours, rendering a heading and one input.
import r2wc from '@r2wc/react-to-web-component';

function Bare() {
  return (
    <div>
      <h2>Vos adresses</h2>
      <input role="combobox" aria-label="Adresse 1" />
    </div>
  );
}

if (!customElements.get('bare-react-element')) customElements.define('bare-react-element', r2wc(Bare, { shadow: 'open' }));
