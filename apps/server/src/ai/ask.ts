// One model call that must answer JSON of a given valibot schema, with one retry that tells the model what
// was wrong. The schema's JSON form goes out as the response format (structured outputs) or, in JSON mode,
// into the system prompt; either way the answer is validated here, so a provider that ignores the format
// cannot slip an invalid answer through.
import { toJsonSchema } from "@valibot/to-json-schema";
import { generateText, jsonSchema, Output, type ModelMessage, type UserContent } from "ai";
import * as v from "valibot";
import type { AiModel } from "./provider.js";

/** What one ask needs. */
export interface AskOptions<S extends v.GenericSchema> {
  readonly system: string;
  /** The user message: text parts and images. */
  readonly content: Exclude<UserContent, string>;
  readonly schema: S;
  /** Names the answer for providers that use it (OpenAI's json_schema name). */
  readonly name: string;
  readonly signal: AbortSignal;
  /** A rule the schema cannot express (the band id asked for, widths); returns the problem or undefined. */
  readonly check?: (value: v.InferOutput<S>) => string | undefined;
  /** Tries in all (default 2): a failed try is repeated with the reason. */
  readonly attempts?: number;
}

/** The outcome: the answer, or why the last try failed. */
export type AskResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

const schemas = new WeakMap<v.GenericSchema, Record<string, unknown>>();

/** The JSON schema of a valibot schema, as the model should write it (cached per schema). */
export function answerJsonSchema(schema: v.GenericSchema): Record<string, unknown> {
  let json = schemas.get(schema);
  if (json === undefined) {
    const { $schema: _, ...rest } = toJsonSchema(schema, { typeMode: "input", errorMode: "ignore" }) as Record<string, unknown>;
    json = rest;
    schemas.set(schema, json);
  }
  return json;
}

// The OpenAI providers default to strict schemas, which demand every key be required; ours have optional keys.
const PROVIDER_OPTIONS = { openai: { strictJsonSchema: false }, openaiCompatible: { strictJsonSchema: false } };

function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 8)
    .map((i) => `${(i.path ?? []).map((p) => String(p.key)).join(".") || "answer"}: ${i.message}`)
    .join("; ");
}

/** Asks for JSON matching `schema`; never throws except when the signal aborts. */
export async function askJson<S extends v.GenericSchema>(ai: AiModel, options: AskOptions<S>): Promise<AskResult<v.InferOutput<S>>> {
  const json = answerJsonSchema(options.schema);
  const system = ai.structuredOutputs
    ? options.system
    : `${options.system}\n\nAnswer with one JSON object only, no prose, matching this JSON schema:\n${JSON.stringify(json)}`;
  const output = ai.structuredOutputs ? Output.object({ schema: jsonSchema<unknown>(json), name: options.name }) : Output.json();
  let problem = "no answer";
  for (let attempt = 0; attempt < (options.attempts ?? 2); attempt++) {
    options.signal.throwIfAborted();
    const messages: ModelMessage[] = [{ role: "user", content: options.content }];
    if (attempt > 0) messages.push({ role: "user", content: `Your previous answer was rejected (${problem}). Answer again with corrected JSON.` });
    let answer: unknown;
    try {
      const result = await generateText({ model: ai.model, system, messages, output, abortSignal: options.signal, maxRetries: 1, providerOptions: PROVIDER_OPTIONS });
      answer = result.output;
    } catch (error) {
      options.signal.throwIfAborted();
      problem = error instanceof Error ? `the answer could not be used: ${error.message.slice(0, 200)}` : "the call failed";
      continue;
    }
    const parsed = v.safeParse(options.schema, answer);
    if (!parsed.success) {
      problem = describe(parsed.issues);
      continue;
    }
    const rule = options.check?.(parsed.output);
    if (rule === undefined) return { ok: true, value: parsed.output };
    problem = rule;
  }
  return { ok: false, problem };
}
