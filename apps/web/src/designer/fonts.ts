// The designer fonts in the browser: the server's @font-face stylesheet (/fonts/fonts.css, the TTFs the PDF
// embeds) added to the page once the designer opens, and the family names for the font pickers.
import { useEffect, useState } from "react";

const FALLBACK = ["Inter"];
let families: Promise<string[]> | null = null;

function addStylesheet(): void {
  if (document.querySelector("link[data-designer-fonts]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/fonts/fonts.css";
  link.dataset["designerFonts"] = "";
  document.head.append(link);
}

/** The family names the renderer knows (Inter alone until the list arrives, or if it cannot be read). */
export function useDesignerFonts(): readonly string[] {
  const [names, setNames] = useState<readonly string[]>(FALLBACK);
  useEffect(() => {
    addStylesheet();
    families ??= fetch("/fonts/fonts.json")
      .then((r) => (r.ok ? (r.json() as Promise<{ families: { name: string }[] }>) : { families: [] }))
      .then((b) => (b.families.length ? b.families.map((f) => f.name) : FALLBACK))
      .catch(() => FALLBACK);
    let live = true;
    void families.then((n) => live && setNames(n));
    return () => { live = false; };
  }, []);
  return names;
}
