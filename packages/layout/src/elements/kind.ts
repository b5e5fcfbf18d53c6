// The interface every element type implements. One file per type; registry.ts maps each type to its kind.
import type { Element } from "../model/types.js";
import type { Block } from "./block.js";
import type { MeasureContext } from "./context.js";

/** Measures one element type at its designed width into a block (its height may exceed the designed one). */
export interface ElementKind<E extends Element> {
  measure(element: E, ctx: MeasureContext): Block;
}
