import { test } from "node:test";
import assert from "node:assert/strict";
import { dateNames, intlDateNames, intlNumberSymbols, numberSymbols, safeLocale } from "../../src/tokens/locale.js";
import { EN_US_NAMES, EN_US_SYMBOLS } from "../../src/tokens/locale-en-us.js";

// The en-US table stands in for Intl: it must print what this Node's ICU prints.
test("the built-in en-US names and symbols are what Intl gives on this Node", () => {
  const intl = intlDateNames("en-US");
  for (const key of ["monthsLong", "monthsShort", "monthsLongInDate", "monthsShortInDate", "daysLong", "daysShort", "am", "pm"] as const) {
    assert.deepEqual(EN_US_NAMES[key], intl[key], key);
  }
  assert.deepEqual(EN_US_SYMBOLS, intlNumberSymbols("en-US", "latn"));
  assert.equal(Intl.getCanonicalLocales("en-US")[0], "en-US");
});

test("en-US documents read the table; other locales and digits still ask Intl", () => {
  assert.equal(safeLocale("en-US"), "en-US");
  assert.equal(dateNames("en-US"), EN_US_NAMES);
  assert.equal(numberSymbols("en-US"), EN_US_SYMBOLS);
  assert.deepEqual(numberSymbols("en-US", "arab"), intlNumberSymbols("en-US", "arab"));
  assert.notEqual(numberSymbols("en-US", "arab"), EN_US_SYMBOLS);
  assert.equal(dateNames("de-DE").monthsLong[2], "März");
  assert.equal(numberSymbols("de-DE").decimal, ",");
});
