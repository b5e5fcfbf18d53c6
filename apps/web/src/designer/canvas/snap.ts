// The snapping math is the shared model's (packages/collab-doc/src/snap.ts, pure: no Yjs), so the canvas and
// its tests agree with what the model package tests.
export { snapMove, snapResize, type Guide, type Rect, type SnapOptions, type SnapResult, type Handle } from "../../../../../packages/collab-doc/src/snap";
