// A barcode element drawn by the same encoder the renderer uses (bwip-js, loaded as a chunk of its own when
// a document first shows a barcode), as an SVG image: linear symbols stretched to the box, 2D ones square.
// A value the symbology refuses shows the encoder's reason instead.
import { useEffect, useState } from "react";

const BWIP_IDS: Readonly<Record<string, string>> = {
  qr: "qrcode", code128: "code128", code39: "code39", ean13: "ean13", ean8: "ean8", upca: "upca", itf14: "itf14", datamatrix: "datamatrix", pdf417: "pdf417",
};
const SQUARE = new Set(["qr", "datamatrix"]);

type Bwip = typeof import("bwip-js/browser");
let loading: Promise<Bwip> | null = null;

export function BarcodeView({ format, value, showText, colour }: { readonly format: string; readonly value: string; readonly showText: boolean; readonly colour: string }) {
  const [svg, setSvg] = useState<{ ok: true; url: string } | { ok: false; reason: string } | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= import("bwip-js/browser");
    void loading.then((bwip) => {
      if (!live) return;
      const bcid = BWIP_IDS[format];
      if (!bcid || value === "") return setSvg({ ok: false, reason: value === "" ? "(empty value)" : `unknown format ${format}` });
      try {
        const text = bwip.toSVG({ bcid, text: value, includetext: showText && !SQUARE.has(format), barcolor: colour.replace(/^#/, ""), textcolor: colour.replace(/^#/, "") });
        setSvg({ ok: true, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
      } catch (err) {
        setSvg({ ok: false, reason: (err instanceof Error ? err.message : String(err)).replace(/^bwipp\.\w+#\d+:\s*/, "") });
      }
    }, () => live && setSvg({ ok: false, reason: "the barcode encoder could not be loaded" }));
    return () => { live = false; };
  }, [format, value, showText, colour]);
  if (svg?.ok) return <img className="d-image" alt="" draggable={false} src={svg.url} style={{ objectFit: SQUARE.has(format) ? "contain" : "fill" }} data-barcode={format} />;
  return <div className="d-placeholder"><span>{svg ? svg.reason : format}</span></div>;
}
