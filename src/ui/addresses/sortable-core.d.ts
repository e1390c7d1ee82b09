// sortablejs's core build (no MultiDrag, Swap or AutoScroll plugins, which the stops list does not use):
// the same class as the package's main entry, with a third fewer bytes.
declare module 'sortablejs/modular/sortable.core.esm.js' {
  import Sortable from 'sortablejs';
  export default Sortable;
}
