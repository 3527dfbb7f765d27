// @ts-check
// Unit tests of site/assets/calculator/rulings.js's pure parts: cleaning a table's choices, and the #s= fragment.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Rulings, appliedChoices, changeWords, encodeScenario, idOf, pathOf } from "../../site/assets/calculator/rulings.js";

const RULINGS = new Rulings("skirmish-d6", [
  { id: "d6.ruling.height-blocks", title: "Height blocks", ref: "#h", choices: ["always", "never"], labels: ["Always", "Never"], default: "always" },
  { id: "d6.ruling.blind-spells", title: "Blind spells", ref: "#b", choices: ["aimed", "any"], labels: ["Aimed", "Any"], default: "aimed" },
]);

test("clean keeps only known rulings with a known choice that is not the default", () => {
  assert.deepEqual(RULINGS.clean({ "d6.ruling.height-blocks": "never", "d6.ruling.blind-spells": "aimed" }),
    { "d6.ruling.height-blocks": "never" });
  assert.deepEqual(RULINGS.clean({ "d6.ruling.height-blocks": "sometimes", "x.unknown": "never" }), {});
  assert.deepEqual(RULINGS.clean({ "d6.ruling.height-blocks": 1 }), {});
  assert.deepEqual(RULINGS.clean(["never"]), {});
  assert.deepEqual(RULINGS.clean(null), {});
});

test("same treats a ruling left out as its default", () => {
  assert.ok(RULINGS.same({}, { "d6.ruling.blind-spells": "aimed" }));
  assert.ok(!RULINGS.same({}, { "d6.ruling.blind-spells": "any" }));
});

test("choice and label fall back to the default and to the choice itself", () => {
  assert.equal(RULINGS.choice("d6.ruling.height-blocks", {}), "always");
  assert.equal(RULINGS.choice("d6.ruling.height-blocks", { "d6.ruling.height-blocks": "never" }), "never");
  assert.equal(RULINGS.label("d6.ruling.height-blocks", "never"), "Never");
  assert.equal(RULINGS.label("d6.ruling.height-blocks", "other"), "other");
});

test("a ruling's form path and back", () => {
  assert.equal(pathOf("d6.ruling.height-blocks"), "rulings.d6.ruling.height-blocks");
  assert.equal(idOf("rulings.d6.ruling.height-blocks"), "d6.ruling.height-blocks");
  assert.equal(idOf("attack.kind"), null);
});

test("encodeScenario is base64url without padding of the scenario's UTF-8 JSON", () => {
  const scenario = { system: "skirmish-d6", rulings: { "d6.ruling.height-blocks": "never" }, note: "ünïcode ≥ 2" };
  const fragment = encodeScenario(scenario);
  assert.match(fragment, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(JSON.parse(Buffer.from(fragment, "base64url").toString("utf-8")), scenario);
  assert.equal(encodeScenario({}), "e30"); // "{}"
});

test("an inline calculator applies the table's rulings except those its preset fixes; a full one what it shows", () => {
  const table = { "d6.ruling.height-blocks": "never", "d6.ruling.blind-spells": "any" };
  const fixed = { "d6.ruling.blind-spells": "aimed" };
  assert.deepEqual(appliedChoices({ full: false, shown: {}, table, fixed }), { "d6.ruling.height-blocks": "never" });
  const shown = { "d6.ruling.height-blocks": "always" };
  assert.deepEqual(appliedChoices({ full: true, shown, table, fixed }), shown);
});

test("a ruling changed in the form is said as the link's, the table's again, remembered or back to the default", () => {
  const what = "Height blocks Never";
  assert.match(changeWords({ what, linked: true, stillLinked: true, stored: true, isDefault: false }), /for this link only \(Height blocks Never\)/);
  assert.equal(changeWords({ what, linked: true, stillLinked: false, stored: true, isDefault: false }), "These are your table's rulings again.");
  assert.match(changeWords({ what, linked: false, stillLinked: false, stored: true, isDefault: false }), /ruling on this device: Height blocks Never\.$/);
  assert.match(changeWords({ what, linked: false, stillLinked: false, stored: false, isDefault: false }), /for this page only/);
  assert.match(changeWords({ what, linked: false, stillLinked: false, stored: true, isDefault: true }), /^Back to the default/);
});
