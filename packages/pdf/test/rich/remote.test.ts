// Never fetching: templates and data full of remote references (image src over http, https, //, file and
// ftp; SVG <image href>, <use href>, CSS url() and @import) render while a loopback server that counts
// requests receives none, and every reference is reported.
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import { startCountingServer, type CountingServer } from "../support/counting-server.js";
import { extractText } from "../support/pdfjs.js";
import { page, render } from "./image-samples.js";

let server: CountingServer;
before(async () => {
  server = await startCountingServer();
});
after(async () => {
  await server.close();
});

/** An SVG with a visible square plus one remote reference of the given kind. */
function svgWith(kind: string, base: string): string {
  const refs: Record<string, string> = {
    image: `<image href="${base}/svg-image.png" width="10" height="10"/>`,
    xlinkImage: `<image xlink:href="${base}/svg-xlink.png" width="10" height="10"/>`,
    use: `<use href="${base}/sprite.svg#icon"/>`,
    cssUrl: `<rect width="5" height="5" style="fill: url(${base}/paint.svg#p)"/>`,
    attrUrl: `<rect width="5" height="5" fill="url(${base}/paint.svg#p)"/>`,
    import: `<style>@import url("${base}/style.css"); rect { fill: url(${base}/bg.png) }</style>`,
    feImage: `<filter id="f"><feImage href="${base}/fe.png"/></filter>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20">` +
    `<rect x="10" y="10" width="10" height="10" fill="#333"/>${refs[kind]}</svg>`;
}

test("remote image sources draw nothing, are reported, and are never requested", async () => {
  const base = server.url;
  const sources = [
    `${base}/a.png`, `https://${server.host}/b.png`, `//${server.host}/c.png`, `file:///etc/passwd`,
    `ftp://${server.host}/d.png`, `  HTTP://${server.host}/e.png`,
  ];
  const elements: Record<string, unknown>[] = sources.map((src, i) => ({ type: "image", src, x: (i % 3) * 60, y: Math.floor(i / 3) * 45, width: 50, height: 40 }));
  elements.push({ type: "image", src: "{{logo}}", x: 0, y: 90, width: 20, height: 20 });
  elements.push({ type: "image", bindingField: "photos[0]", x: 30, y: 90, width: 20, height: 20 });
  elements.push({ type: "text", text: "{{caption}}", x: 60, y: 90, width: 100, height: 20 });
  const report = await render(page(elements, { width: 220, height: 140 }), {
    logo: `${base}/logo.png`,
    photos: [`//${server.host}/photo.jpg`],
    caption: `see ${base}/caption`,
  });
  assert.equal(server.count(), 0, server.requests.join(", "));
  const remote = report.diagnostics.filter((d) => d.code === "image.remote").map((d) => d.path);
  assert.equal(remote.length, sources.length + 2);
  assert.match((await extractText(report.pdf))[0] ?? "", /see http/);
});

test("remote references inside SVG images and icons are dropped with a diagnostic each, never requested", async () => {
  const kinds = ["image", "xlinkImage", "use", "cssUrl", "attrUrl", "import", "feImage"];
  for (const kind of kinds) {
    const svg = svgWith(kind, server.url);
    const report = await render(page([
      { type: "image", src: `data:image/svg+xml,${encodeURIComponent(svg)}`, width: 40, height: 40 },
      { type: "icon", svg, x: 50, width: 40, height: 40 },
    ]));
    assert.equal(server.count(), 0, `${kind}: ${server.requests.join(", ")}`);
    const paths = new Set(report.diagnostics.map((d) => d.path));
    assert.ok(paths.has("bands[0].elements[0]") && paths.has("bands[0].elements[1]"), `${kind}: ${JSON.stringify(report.diagnostics)}`);
  }
});

test("a data: raster inside SVG is not drawn either (and nothing is fetched)", async () => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const svg = `<svg viewBox="0 0 10 10"><image href="data:image/png;base64,${png}" width="10" height="10"/></svg>`;
  const report = await render(page([{ type: "icon", svg }]));
  assert.ok(report.diagnostics.some((d) => /images inside SVG/.test(d.message)));
  assert.equal(server.count(), 0);
});
