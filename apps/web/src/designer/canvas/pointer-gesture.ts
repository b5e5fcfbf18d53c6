// Following one pointer from its pointerdown to its release, and ending cleanly when anything interrupts it.
// A gesture that only listened for pointerup stayed alive when the browser took the pointer away (its own
// image drag fires pointercancel and no pointerup): it kept its lock and ghost, and its move handler went on
// moving its element during the next drag. So the pointer is captured by the element it went down on, and
// pointercancel, the loss of that capture, a window blur and Escape all end the gesture as cancelled.

/** What a followed gesture does with its pointer. */
export interface PointerHandlers {
  readonly move: (e: PointerEvent) => void;
  /** The pointer was released: the gesture is complete (commit it). */
  readonly up: (e: PointerEvent) => void;
  /** The gesture was interrupted (or replaced by another): undo its preview, commit nothing. */
  readonly cancel: () => void;
}

/** The start of a gesture: its pointerdown (a React or DOM event). */
export interface PointerStart {
  readonly pointerId: number;
  readonly currentTarget: EventTarget | null;
}

/**
 * Follows the pointer of `down` until it is released (`up`) or the gesture is interrupted (`cancel`), whichever
 * comes first, exactly once. Returns a function that ends the gesture as cancelled (a newer gesture, unmount).
 */
export function followPointer(down: PointerStart, handlers: PointerHandlers): () => void {
  const target = down.currentTarget instanceof Element ? down.currentTarget : null;
  let captured = false;
  if (target && typeof target.setPointerCapture === "function") {
    try {
      target.setPointerCapture(down.pointerId);
      captured = target.hasPointerCapture(down.pointerId);
    } catch {
      // A pointer the browser no longer tracks (a synthetic event): the window listeners below still follow it.
    }
  }
  let done = false;
  const finish = () => {
    done = true;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    window.removeEventListener("blur", cancel);
    window.removeEventListener("keydown", key, true);
    target?.removeEventListener("lostpointercapture", cancel);
    if (captured && target?.hasPointerCapture(down.pointerId)) target.releasePointerCapture(down.pointerId);
  };
  const move = (e: PointerEvent) => handlers.move(e);
  const up = (e: PointerEvent) => {
    if (done) return;
    finish();
    handlers.up(e);
  };
  const cancel = () => {
    if (done) return;
    finish();
    handlers.cancel();
  };
  // Escape ends the gesture only: it does not also clear the selection (the canvas's own Escape).
  const key = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
  window.addEventListener("blur", cancel);
  window.addEventListener("keydown", key, true);
  if (captured) target?.addEventListener("lostpointercapture", cancel);
  return cancel;
}
