// @bramus/specificity ships types that its package.json "exports" does not expose to NodeNext resolution;
// this declares the one function the cascade uses.
declare module "@bramus/specificity/core" {
  /** The specificity of each selector in a selector list. */
  export function calculate(selector: string): Array<{ readonly value: { readonly a: number; readonly b: number; readonly c: number } }>;
}
