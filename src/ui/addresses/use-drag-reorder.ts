import { useEffect, useRef, type RefObject } from 'react';
import type Sortable from 'sortablejs';

/**
 * Drag and drop of the stops by their handle (sortablejs). The library is fetched on the
 * first touch of a handle, not with the first panel: a pointer resting on a handle
 * starts the download, and a press that came before it is replayed once it is there, so the
 * first drag works like any other. The keyboard reorders with the buttons and never needs it.
 */
export function useDragReorder(list: RefObject<HTMLOListElement | null>, onMove: (from: number, to: number) => void) {
  // Sortable, made once, calls the onMove of the latest render (it reads the stop count).
  const moveRef = useRef(onMove);
  useEffect(() => {
    moveRef.current = onMove;
  });

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let sortable: Sortable | null = null;
    let loading: Promise<void> | null = null;
    let gone = false;
    let pressed: PointerEvent | null = null;

    const create = (Library: typeof Sortable) => {
      if (gone) return;
      sortable = Library.create(element, {
        handle: '.drag-handle',
        animation: 150,
        // Pointer events rather than HTML5 drag and drop: the same gesture for mouse and touch, inside the shadow root.
        forceFallback: true,
        fallbackOnBody: false,
        onEnd(event) {
          const { item, from, oldIndex, newIndex } = event;
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          // Sortable moves the DOM itself; the move is undone and replayed through the state so React stays in charge.
          from.removeChild(item);
          from.insertBefore(item, from.children[oldIndex] ?? null);
          moveRef.current(oldIndex, newIndex);
        },
      });
    };
    const load = () =>
      (loading ??= import('./sortable-library.ts').then(
        (module) => create(module.default),
        () => {
          // A failed download leaves the buttons; the next touch of a handle tries again.
          loading = null;
        },
      ));
    const onHandle = (event: Event) => (event.target as Element | null)?.closest?.('.drag-handle') ?? null;
    const onPointerOver = (event: PointerEvent) => {
      if (!sortable && onHandle(event)) void load();
    };
    const onPointerDown = (event: PointerEvent) => {
      const handle = onHandle(event);
      if (sortable || !handle) return;
      pressed = event;
      void load().then(() => {
        // Still held: the press is given again to sortable, which starts the drag from it.
        if (sortable && pressed === event) handle.dispatchEvent(new PointerEvent('pointerdown', event));
        pressed = null;
      });
    };
    const onPointerUp = () => {
      pressed = null;
    };
    element.addEventListener('pointerover', onPointerOver);
    element.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    return () => {
      gone = true;
      element.removeEventListener('pointerover', onPointerOver);
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      (sortable as Sortable | null)?.destroy();
    };
  }, [list]);
}
