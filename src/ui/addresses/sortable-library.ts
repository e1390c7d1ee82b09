// The drag library on its own, for the chunk fetched at the first drag (use-drag-reorder.ts):
// sortablejs's core build, which mounts no plugin, so the unused MultiDrag, Swap, AutoScroll
// and OnSpill are left out of the chunk.
import Sortable from 'sortablejs/modular/sortable.core.esm.js';

export default Sortable;
