// An icon element: a built-in Lucide icon by name (the set the renderer draws; its JSON is a chunk of its
// own, loaded when a document first shows an icon), or the element's inline SVG drawn as an image (an
// <img> runs no script and fetches nothing, so unsanitised markup is harmless here).
import { createElement, useEffect, useState } from "react";

type IconNodes = Readonly<Record<string, readonly (readonly [string, Readonly<Record<string, string>>])[]>>;
let loading: Promise<IconNodes> | null = null;

function loadIcons(): Promise<IconNodes> {
  loading ??= import("lucide-static/icon-nodes.json").then((m) => m.default as unknown as IconNodes);
  return loading;
}

export function IconView({ name, svg, colour }: { readonly name: string | undefined; readonly svg: string | undefined; readonly colour: string }) {
  const [nodes, setNodes] = useState<IconNodes | null>(null);
  useEffect(() => {
    if (svg || !name) return;
    let live = true;
    void loadIcons().then((n) => live && setNodes(n), () => undefined);
    return () => { live = false; };
  }, [name, svg]);
  if (svg) return <img className="d-image" alt="" draggable={false} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />;
  const icon = name && nodes && Object.hasOwn(nodes, name.trim().toLowerCase()) ? nodes[name.trim().toLowerCase()] : undefined;
  if (!icon) return <div className="d-placeholder"><span>{name ?? "icon"}</span></div>;
  return (
    <svg className="d-svg" width="100%" height="100%" viewBox="0 0 24 24" fill="none" stroke={colour} strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-icon={name}>
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
