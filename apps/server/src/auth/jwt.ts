import { randomUUID } from "node:crypto";
import type { Role } from "../db/schema.js";

/** Lifetime of a session access token (api-conventions: 15 minutes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** The claims a session JWT carries. */
export interface AccessClaims {
  /** User id. */
  readonly sub: string;
  /** Session id. */
  readonly sid: string;
  /** Active workspace id. */
  readonly ws: string;
  readonly role: Role;
  readonly email: string;
}

/** Signs and verifies session JWTs (HS256). */
export interface JwtService {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

const ISSUER = "docsvc";

// jose (46 modules) loads with the first token signed or checked, not at start-up: requests with API keys and
// /health never need it.
let jose: Promise<typeof import("jose")> | undefined;
const loadJose = (): Promise<typeof import("jose")> => (jose ??= import("jose"));
const ROLES: ReadonlySet<string> = new Set(["Owner", "Editor", "Viewer"]);

/** A JwtService over one HS256 secret. */
export function createJwtService(secret: Uint8Array): JwtService {
  return {
    sign: async (claims) => {
      const { SignJWT } = await loadJose();
      return new SignJWT({ sid: claims.sid, ws: claims.ws, role: claims.role, email: claims.email })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        // iat has one-second resolution: without a unique id, two tokens issued within a second (a refresh
        // right after login) would be byte-identical, and a rotated session must get a new token.
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(secret);
    },
    async verify(token) {
      const { jwtVerify, errors } = await loadJose();
      try {
        // `exp` is required: jose would otherwise accept a token without one as valid forever.
        const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], issuer: ISSUER, requiredClaims: ["exp"] });
        const { sub, sid, ws, role, email } = payload;
        if (typeof sub !== "string" || typeof sid !== "string" || typeof ws !== "string") return undefined;
        if (typeof role !== "string" || !ROLES.has(role) || typeof email !== "string") return undefined;
        return { sub, sid, ws, role: role as Role, email };
      } catch (err) {
        if (err instanceof errors.JOSEError) return undefined;
        throw err;
      }
    },
  };
}
