// Types for `linebreak` (UAX #14 line breaking; the package ships none).
declare module "linebreak" {
  /** A break opportunity before `position` (a UTF-16 offset); `required` for hard breaks (newlines). */
  interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  /** Iterates a string's line break opportunities in order; the last one is at the string's end. */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
