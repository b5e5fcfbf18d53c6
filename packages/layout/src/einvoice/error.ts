// The one error of the e-invoice builder: it names the EN 16931 business rule (or code list rule) that the data
// breaks, so a caller can fix the data; the server answers it as 422.

export class EinvoiceError extends Error {
  /**
   * @param rule the EN 16931 rule (`BR-CO-10`, `BR-S-08`, `BR-CL-23` …) or, where the standard has none, the
   *   business term that could not be read (`BT-2`)
   * @param term the business term concerned, when there is one
   */
  constructor(
    readonly rule: string,
    message: string,
    readonly term?: string,
  ) {
    super(`${rule}: ${message}`);
    this.name = "EinvoiceError";
  }
}
