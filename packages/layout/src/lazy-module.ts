// Optional parts of the engine (the HTML front end with parse5, css-tree and css-select; markdown-it; the barcode
// encoder) cost a few hundred milliseconds of module loading together, and most documents use none of them. Layout
// is synchronous, so they are `require`d on first use rather than imported with the package: Node ≥ 20.19 can
// require ES modules (without top-level await), and a module required after it was imported is the same instance.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const requireHere = createRequire(import.meta.url);

/**
 * A function that loads `specifier` the first time it is called and returns the same module afterwards.
 * The specifier is resolved as an `import` from this package would resolve it (the `import` export condition).
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(fileURLToPath(import.meta.resolve(specifier))) as T;
    return loaded;
  };
}
