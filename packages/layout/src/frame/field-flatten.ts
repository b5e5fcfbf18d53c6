// A form field as plain content: what it looks like with its value, and nothing interactive. Painters use it
// for a flattened render and wherever a field cannot be written as one (a merged batch's rows).
import type { FieldItem, FieldWidget, GroupItem } from "./types.js";

/** True when a widget shows its `on` look: always for text-like fields, when its export value is the value for buttons. */
export function widgetIsOn(field: FieldItem, widget: FieldWidget): boolean {
  return widget.off === undefined || widget.export === field.value;
}

/** The field drawn as it shows: its items, then each widget's current look, moved to the field's place. */
export function flattenField(field: FieldItem): GroupItem {
  return {
    kind: "group",
    transform: [1, 0, 0, 1, field.x, field.y],
    items: [
      ...field.items,
      ...field.widgets.map((widget): GroupItem => ({
        kind: "group",
        transform: [1, 0, 0, 1, widget.x, widget.y],
        items: widgetIsOn(field, widget) ? widget.on : (widget.off ?? []),
      })),
    ],
  };
}
