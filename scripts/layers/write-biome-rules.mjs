// Writes the house's import rules (scripts/layers/layers.json) into biome.json's `overrides`, one override per layer
// and one per feature folder, so the rules are written once and a new feature folder gets its own by running this.
// `--check` writes nothing and exits 1 when biome.json differs from what it would write (the layers test runs it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const biomeJson = path.join(root, "biome.json");
const biomeBin = path.join(root, "node_modules/@biomejs/biome/bin/biome");

/** The feature folders of src/features, sorted. */
export function featureFolders() {
  return fs
    .readdirSync(path.join(root, "src/features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const fill = (text, feature) => text.replaceAll("{feature}", feature);

function override(includes, patterns) {
  return {
    includes,
    linter: {
      rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } },
    },
  };
}

/** biome.json's `overrides`, from the layers data and the feature folders on disk. */
export function layerOverrides({ rules, layers }, features = featureFolders()) {
  return layers.flatMap((layer) => {
    const perFeature = layer.includes.some((glob) => glob.includes("{feature}"));
    return (perFeature ? features : [null]).map((feature) =>
      override(
        layer.includes.map((glob) => (feature ? fill(glob, feature) : glob)),
        layer.forbid.map((name) => {
          const rule = rules[name];
          if (!rule) throw new Error(`layers.json: no rule named ${name}`);
          return {
            group: rule.group.map((glob) => (feature ? fill(glob, feature) : glob)),
            message: rule.message,
          };
        }),
      ),
    );
  });
}

/** biome.json as it should be: the hand-written settings with the generated overrides, formatted by Biome. */
function expectedBiomeJson() {
  const layers = JSON.parse(fs.readFileSync(path.join(root, "scripts/layers/layers.json"), "utf8"));
  const config = JSON.parse(fs.readFileSync(biomeJson, "utf8"));
  const { assist, ...rest } = config;
  const text = `${JSON.stringify({ ...rest, overrides: layerOverrides(layers), assist }, null, 2)}\n`;
  const formatted = spawnSync(
    process.execPath,
    [biomeBin, "format", "--stdin-file-path=biome.json"],
    { cwd: root, input: text, encoding: "utf8" },
  );
  if (formatted.status !== 0) throw new Error(`biome format failed: ${formatted.stderr}`);
  return formatted.stdout;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const expected = expectedBiomeJson();
  const current = fs.readFileSync(biomeJson, "utf8");
  if (process.argv.includes("--check")) {
    if (current !== expected) {
      console.error(
        "biome.json's overrides differ from scripts/layers/layers.json: run `node scripts/layers/write-biome-rules.mjs`.",
      );
      process.exit(1);
    }
  } else if (current !== expected) {
    fs.writeFileSync(biomeJson, expected);
    console.log("biome.json: layer rules written from scripts/layers/layers.json");
  }
}
