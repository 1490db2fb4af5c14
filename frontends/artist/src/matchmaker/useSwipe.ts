import { useRef, useState, type PointerEvent } from 'react';

/** A horizontal drag this far (px) is a swipe: right = Match, left = Pass. */
const SWIPE_DISTANCE = 80;

/** The card follows the pointer while dragged; a long enough sideways drag is a swipe. */
export function useSwipe(onSwipe: (direction: 'right' | 'left') => void) {
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [dragOffset, setDragOffset] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setDragOffset(event.clientX - drag.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    setDragOffset(0);
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    onSwipe(dx > 0 ? 'right' : 'left');
  };
  const onPointerCancel = () => {
    drag.current = null;
    setDragOffset(0);
  };

  return { dragOffset, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}

export type Swipe = ReturnType<typeof useSwipe>;
