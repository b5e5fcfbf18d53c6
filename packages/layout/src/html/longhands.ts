// Which longhands each shorthand sets. A shorthand resets all of them (so `font: 9pt Serif` resets the
// weight a rule above set, as in browsers); a CSS-wide keyword (`inherit`) or a value with var() — known
// only per element, at cascade time — is recorded on every one of them.

const SIDES = ["top", "right", "bottom", "left"] as const;

export const LONGHANDS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ["margin", SIDES.map((s) => `margin-${s}`)],
  ["padding", SIDES.map((s) => `padding-${s}`)],
  ["inset", [...SIDES]],
  ["border-width", SIDES.map((s) => `border-${s}-width`)],
  ["border-style", SIDES.map((s) => `border-${s}-style`)],
  ["border-color", SIDES.map((s) => `border-${s}-color`)],
  ["border", SIDES.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`])],
  ...SIDES.map((s): [string, string[]] => [`border-${s}`, [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]]),
  ["background", ["background-color", "background-image", "background-position", "background-size", "background-repeat", "background-origin", "background-clip"]],
  ["flex", ["flex-grow", "flex-shrink", "flex-basis"]],
  ["flex-flow", ["flex-direction", "flex-wrap"]],
  ["gap", ["row-gap", "column-gap"]],
  ["list-style", ["list-style-type", "list-style-position", "list-style-image"]],
  ["font", ["font-style", "font-variant", "font-weight", "font-stretch", "font-size", "line-height", "font-family"]],
  ["place-items", ["align-items", "justify-items"]],
  ["place-content", ["align-content", "justify-content"]],
  ["place-self", ["align-self", "justify-self"]],
]);

/** `inherit`, `initial`, `unset`, `revert`: valid for every property, shorthands included. */
export function isWideKeyword(value: string): boolean {
  return /^(inherit|initial|unset|revert|revert-layer)$/i.test(value.trim());
}

/** Values a longhand starts with: shorthands set unsupported longhands only when they differ from these. */
export const INITIAL_VALUES: ReadonlyMap<string, string> = new Map([
  ["font-variant", "normal"], ["font-stretch", "normal"], ["justify-items", "normal"], ["justify-self", "auto"],
  ["align-content", "normal"], ["list-style-position", "outside"], ["list-style-image", "none"],
  ["background-image", "none"], ["background-position", "0% 0%"], ["background-size", "auto"],
  ["background-repeat", "repeat"], ["background-origin", "padding-box"], ["background-clip", "border-box"],
]);
