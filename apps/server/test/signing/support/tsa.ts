// A local RFC 3161 Time Stamping Authority on loopback for the B-T tests: it reads the TimeStampReq with pkijs,
// answers a TSTInfo (the request's imprint and nonce, the time now) signed as CMS by the test TSA certificate,
// and counts the requests it saw. `mode` makes it misbehave for the failure tests.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { bufferOf, contentInfoDer, OID, sha256, signContent } from "../../../src/signing/cms.js";
import type { TestPki } from "./pki.js";

export interface TestTsa {
  readonly url: string;
  /** Requests answered so far. */
  requests: number;
  /** `ok`; `refuse` (status 2, rejection); `slow` (never answers); `wrong-imprint` (a token for other bytes). */
  mode: "ok" | "refuse" | "slow" | "wrong-imprint";
  close(): Promise<void>;
}

function respond(pki: TestPki, body: Uint8Array, mode: TestTsa["mode"], serial: number): Uint8Array {
  if (mode === "refuse") {
    return new Uint8Array(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) }).toSchema().toBER());
  }
  const request = pkijs.TimeStampReq.fromBER(bufferOf(body));
  const imprint = mode === "wrong-imprint"
    ? new pkijs.MessageImprint({ hashAlgorithm: request.messageImprint.hashAlgorithm, hashedMessage: new asn1js.OctetString({ valueHex: bufferOf(sha256(new Uint8Array([1]))) }) })
    : request.messageImprint;
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: "1.3.6.1.4.1.99999.1",
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ value: serial }),
    genTime: new Date(),
    ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
  });
  const tstDer = new Uint8Array(tst.toSchema().toBER());
  const { signedData } = signContent(
    { digest: sha256(tstDer), contentType: OID.tstInfo, encapsulated: tstDer },
    { key: pki.tsa.key, chain: [pki.tsa.certificate, pki.ca.certificate] },
  );
  const token = pkijs.ContentInfo.fromBER(bufferOf(contentInfoDer(signedData)));
  return new Uint8Array(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token }).toSchema().toBER());
}

/** Starts the TSA on 127.0.0.1 (any free port). */
export async function startTestTsa(pki: TestPki): Promise<TestTsa> {
  const held: import("node:http").ServerResponse[] = [];
  const tsa: TestTsa = {
    url: "",
    requests: 0,
    mode: "ok",
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      tsa.requests++;
      if (tsa.mode === "slow") {
        held.push(res);
        return;
      }
      try {
        const answer = respond(pki, new Uint8Array(Buffer.concat(parts)), tsa.mode, tsa.requests);
        res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(Buffer.from(answer));
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  (tsa as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  return tsa;
}
