// "Test with an API key": the curl command that renders this template with the current data and theme.
import type { Theme } from "../../api/types";
import { CopyButton } from "../../ui/CopyButton";

/** The curl command (the key is read from an environment variable, never printed). */
export function curlCommand(origin: string, templateId: string, data: unknown, theme: Theme | null): string {
  const body = JSON.stringify(theme ? { data, theme } : { data });
  const quoted = `'${body.replace(/'/g, `'\\''`)}'`;
  return [
    `curl -X POST ${origin}/api/templates/${templateId}/render \\`,
    `  -H "X-Api-Key: $DOCSVC_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${quoted} \\`,
    `  -o out.pdf`,
  ].join("\n");
}

/** The API tab. */
export function ApiPanel({ templateId, data, theme }: { readonly templateId: string; readonly data: unknown; readonly theme: Theme | null }) {
  const command = curlCommand(window.location.origin, templateId, data ?? {}, theme);
  return (
    <div className="panel-body">
      <p>Render the saved template from any program with an API key (create one under <a href="/api-keys">API keys</a>), then:</p>
      <pre className="selectable" aria-label="curl command"><code>{command}</code></pre>
      <CopyButton text={command} label="Copy command" />
    </div>
  );
}
