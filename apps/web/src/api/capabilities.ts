// What this server can do, read from its OpenAPI document, so the app offers only what will work (an older
// server without HTML templates does not list editorMode "html").
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** Features the app switches on when the server has them. */
export interface Capabilities {
  readonly htmlTemplates: boolean;
  /** Sign-in through providers (`GET /api/auth/oauth/providers` exists; asking an older server would log a 404). */
  readonly oauth: boolean;
}

/** Reads the capabilities out of an OpenAPI document. */
export function capabilitiesOf(doc: unknown): Capabilities {
  const editorMode = (doc as { components?: { schemas?: { CreateTemplateBody?: { properties?: { editorMode?: unknown } } } } })
    ?.components?.schemas?.CreateTemplateBody?.properties?.editorMode;
  // The schema shape varies (enum, anyOf with null): any mention of the value "html" in it counts.
  const paths = (doc as { paths?: Record<string, unknown> } | null)?.paths ?? {};
  return { htmlTemplates: JSON.stringify(editorMode ?? null).includes('"html"'), oauth: "/api/auth/oauth/providers" in paths };
}

/** The server's capabilities (fetched once per page load). */
export function useCapabilities(): Capabilities | undefined {
  const query = useQuery({
    queryKey: ["capabilities"],
    queryFn: async () => capabilitiesOf(await api.json<unknown>("/openapi/v1.json", { anonymous: true })),
    staleTime: Infinity,
  });
  return query.data;
}
