import { test } from "node:test";
import assert from "node:assert/strict";
import { formatNumber } from "../../src/tokens/number-format.js";
import { parseDecimal, roundDecimal, decimalToString } from "../../src/tokens/decimal.js";

// [value, pattern, expected] in en-US.
const CASES: ReadonlyArray<readonly [unknown, string | undefined, string]> = [
  // The cases the issue names.
  [1.005, "0.00", "1.01"],
  [-2.5, "0", "-3"],
  [1234.5, undefined, "1,234.5"],
  [0.256, "percent", "25.6%"],
  [-5, "#,##0.00;(#,##0.00)", "(5.00)"],
  [1234, "'USD' #,##0", "USD 1,234"],
  ["12345678901234567890.125", "#,##0.00", "12,345,678,901,234,567,890.13"],
  ["abc", "#,##0.00", "abc"],
  // Half away from zero on the written digits, where binary floats would round down.
  [2.5, "0", "3"],
  [-1.005, "0.00", "-1.01"],
  [1.45, "0.0", "1.5"],
  [0.615, "0.00", "0.62"],
  [1.255, "0.00", "1.26"],
  [8.345, "0.00", "8.35"],
  [0.125, "0.00", "0.13"],
  [-0.125, "0.00", "-0.13"],
  [1.0049999, "0.00", "1.00"],
  [999.995, "#,##0.00", "1,000.00"],
  [9.5, "0", "10"],
  [-9.5, "0", "-10"],
  [0.1 + 0.2, "0.00", "0.30"],
  [0.1 + 0.2, "0.#################", "0.30000000000000004"],
  [0.12345, "0.00%", "12.35%"],
  // Presets and the default.
  [1234567, "integer", "1,234,567"],
  [1234.5, "decimal", "1,234.50"],
  [1, "percent", "100%"],
  [1234.5, "", "1,234.5"],
  [1234.567, undefined, "1,234.57"],
  [5, "abc", "5"],
  // Zero and negative zero.
  [0, "#.##", ""],
  [0.5, "#.##", ".5"],
  [0, "#,##0.##", "0"],
  [0, "0.00", "0.00"],
  [-0.001, "0.00", "0.00"],
  [-0.004, "#,##0.00;(#,##0.00)", "0.00"],
  [-0.0000001, "0.######", "0"],
  ["-0", "0.00", "0.00"],
  [0, "0.00;(0.00);'zero'", "zero"],
  [0.001, "0.00;(0.00);'-'", "-"],
  [-5, "0.00;(0.00);'zero'", "(5.00)"],
  // Sections and literals.
  [5, "#,##0.00;(#,##0.00)", "5.00"],
  [-5, "0.00;", "-5.00"],
  [-1234, "'USD' #,##0", "-USD 1,234"],
  [5, "$#,##0.00", "$5.00"],
  [-5, "$#,##0.00", "-$5.00"],
  [-1234.5, "#,##0.00 'CR';#,##0.00 'DR'", "1,234.50 DR"],
  [1234, "#,##0 'pcs'", "1,234 pcs"],
  [12, '0 "m"', "12 m"],
  [12, "0\\%", "12%"],
  [50, "0'%'", "50%"],
  [2, "0%", "200%"],
  [5, "0,", "5,"],
  [5, "'a;b' 0", "a;b 5"],
  // Digit placeholders.
  [123, "00000", "00123"],
  [1.2, "0.000", "1.200"],
  [1.2, "0.0#", "1.2"],
  [1.234, "0.0#", "1.23"],
  [1.5, ".00", "1.50"],
  [0.5, ".00", ".50"],
  [1234, "#,#", "1,234"],
  [1234567.891, "#,##0.00", "1,234,567.89"],
  [-1234567.891, "#,##0.00", "-1,234,567.89"],
  [123456789, "###-##-####", "123-45-6789"],
  [5, "###-##-####", "--5"],
  [12345, "0", "12345"],
  [5, "0##", "005"],
  // Inputs.
  [1e21, undefined, "1,000,000,000,000,000,000,000"],
  [1.5e-7, "0.0000000", "0.0000002"],
  [1e-7, undefined, "0"],
  ["1e3", "#,##0", "1,000"],
  [" 42 ", "0", "42"],
  ["+5", "0.0", "5.0"],
  [".5", "0.00", "0.50"],
  ["00012.50", "0.00", "12.50"],
  ["-0.125", "0.00", "-0.13"],
  ["12345678901234567890123456789", "#,##0", "12,345,678,901,234,567,890,123,456,789"],
  ["0.000000000000000000000000000005", "0.00000000000000000000000000001", "0.00000000000000000000000000001"],
  [123456789n, "#,##0", "123,456,789"],
  ["1,234.5", "0", "1,234.5"],
  ["0x10", "0", "0x10"],
  ["Infinity", "0", "Infinity"],
  ["1e99999", "0", "1e99999"],
  ["", "0.00", ""],
  [null, "0.00", ""],
  [undefined, "0.00", ""],
  [Number.NaN, "0.00", ""],
  [Number.POSITIVE_INFINITY, "0.00", ""],
  [true, "0.00", "true"],
];

for (const [value, pattern, expected] of CASES) {
  test(`formatNumber(${typeof value === "string" ? JSON.stringify(value) : String(value)}, ${JSON.stringify(pattern)}) → ${JSON.stringify(expected)}`, () => {
    assert.equal(formatNumber(value, pattern, "en-US"), expected);
  });
}

// Symbols are whatever Intl.NumberFormat(locale) prints; group sizes always come from the pattern (3).
const LOCALE_CASES: ReadonlyArray<readonly [string, unknown, string | undefined, string]> = [
  ["de-DE", 1234.5, undefined, "1.234,5"],
  ["de-DE", 1234567.891, "#,##0.00", "1.234.567,89"],
  ["de-DE", -0.5, "0.00 '€'", "-0,50 €"],
  ["fr-FR", 1234.5, undefined, "1\u202f234,5"],
  ["fr-FR", 1234567.5, "#,##0.00", "1\u202f234\u202f567,50"],
  ["en-IN", 1234567, "#,##0", "1,234,567"],
  ["es-ES", 1234.5, "#,##0.00", "1.234,50"],
  ["not a locale!", 1234.5, undefined, "1,234.5"],
  ["", 1234.5, undefined, "1,234.5"],
];

for (const [locale, value, pattern, expected] of LOCALE_CASES) {
  test(`formatNumber in ${JSON.stringify(locale)}: ${String(value)} ${JSON.stringify(pattern)}`, () => {
    assert.equal(formatNumber(value, pattern, locale), expected);
  });
}

const ROUND_CASES: ReadonlyArray<readonly [string, number, string]> = [
  ["1.005", 2, "1.01"],
  ["-2.5", 0, "-3"],
  ["9.999", 2, "10"],
  ["-0.004", 2, "0"],
  ["123.4", 5, "123.4"],
  ["0.00049", 3, "0"],
  ["0.0005", 3, "0.001"],
];

test("formatNumber in de-CH takes the group symbol this ICU gives (' or ’ by CLDR version)", () => {
  const group = new Intl.NumberFormat("de-CH").formatToParts(12345).find((p) => p.type === "group")?.value;
  assert.equal(formatNumber(1234.5, "#,##0.00", "de-CH"), `1${group}234.50`);
});

for (const [input, places, expected] of ROUND_CASES) {
  test(`roundDecimal(${input}, ${places}) → ${expected}`, () => {
    const d = parseDecimal(input);
    assert.ok(d);
    assert.equal(decimalToString(roundDecimal(d, places)), expected);
  });
}
