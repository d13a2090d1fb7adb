// Realistic results files for the benchmarks, made on demand and never committed. Every row has
// its own sentences (5–40 words from a 20,000-word vocabulary drawn with Zipf frequencies), and
// the outputs miss their references the ways model outputs do: exact copies, formatting near misses
// (case, punctuation, quotes, spacing), paraphrases of every degree, wrong answers, refusals,
// numbers written another way and JSON answers with a schema. No cache of patterns, schemas or
// n-grams can hide a cost on these files: almost every reference is a new one.
import { xoroshiro128plus } from "npm:pure-rand@8.4.2/generator/xoroshiro128plus";
import { uniformInt } from "npm:pure-rand@8.4.2/distribution/uniformInt";

/** A seeded source of integers in [0, n). */
export type Draw = (n: number) => number;

/** A seeded draw (pure-rand's xoroshiro128+). */
export function seededDraw(seed: number): Draw {
  const rng = xoroshiro128plus(seed);
  return (n) => uniformInt(rng, 0, n - 1);
}

// Common English words first (the head of the Zipf curve), then made-up words for the tail.
const COMMON = (
  "the of and to a in is it you that he was for on are with as I his they be at one have this " +
  "from or had by not word but what some we can out other were all there when up use your how " +
  "said an each she which do their time if will way about many then them write would like so " +
  "these her long make thing see him two has look more day could go come did number sound no " +
  "most people my over know water than call first who may down side been now find any new work " +
  "part take get place made live where after back little only round man year came show every " +
  "good me give our under name very through just form sentence great think say help low line " +
  "differ turn cause much mean before move right boy old too same tell does set three want air " +
  "well also play small end put home read hand port large spell add even land here must big " +
  "high such follow act why ask men change went light kind off need house picture try us again " +
  "animal point mother world near build self earth father head stand own page should country " +
  "found answer school grow study still learn plant cover food sun four between state keep eye " +
  "never last let thought city tree cross farm hard start might story saw far sea draw left late " +
  "run don't while press close night real life few north open seem together next white children " +
  "begin got walk example ease paper group always music those both mark often letter until mile " +
  "river car feet care second book carry took science eat room friend began idea fish mountain " +
  "stop once base hear horse cut sure watch color face wood main enough plain girl usual young " +
  "ready above ever red list though feel talk bird soon body dog family direct pose leave song " +
  "measure door product black short numeral class wind question happen complete ship area half " +
  "rock order fire south problem piece told knew pass since top whole king space heard best hour " +
  "better true during hundred five remember step early hold west ground interest reach fast verb " +
  "sing listen six table travel less morning ten simple several vowel toward war lay against " +
  "pattern slow center love person money serve appear road map rain rule govern pull cold notice " +
  "voice unit power town fine certain fly fall lead cry dark machine note wait plan figure star " +
  "box noun field rest correct able pound done beauty drive stood contain front teach week final " +
  "gave green oh quick develop ocean warm free minute strong special mind behind clear tail " +
  "produce fact street inch multiply nothing course stay wheel full force blue object decide " +
  "surface deep moon island foot system busy test record boat common gold possible plane stead " +
  "dry wonder laugh thousand ago ran check game shape equate hot miss brought heat snow tire " +
  "bring yes distant fill east paint language among it's refund label store credit receipt"
).split(" ");

const ONSETS = ["b", "br", "c", "ch", "d", "f", "g", "gr", "h", "k", "l", "m", "n", "p", "pl", "r"]
  .concat(["s", "sh", "st", "t", "th", "tr", "v", "w"]);
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ou"];
const CODAS = ["", "", "n", "r", "s", "t", "nd", "ng", "ck", "ll", "st"];

/** The vocabulary: the common words, then made-up words of one to three syllables. */
function vocabulary(size: number): string[] {
  const draw = seededDraw(7);
  const words = new Set(COMMON);
  while (words.size < size) {
    let w = "";
    const syllables = draw(5) < 3 ? 1 : 2;
    for (let s = 0; s < syllables; s++) {
      w += ONSETS[draw(ONSETS.length)] + VOWELS[draw(VOWELS.length)] + CODAS[draw(CODAS.length)];
    }
    words.add(w);
  }
  return [...words];
}

const VOCAB = vocabulary(20_000);
// Zipf (s = 1): cumulative weights 1/1 + 1/2 + … for drawing a word by rank.
const CUMULATIVE = (() => {
  const c = new Float64Array(VOCAB.length);
  let sum = 0;
  for (let r = 0; r < VOCAB.length; r++) c[r] = sum += 1 / (r + 1);
  return c;
})();

function word(draw: Draw): string {
  const x = (draw(1 << 30) / (1 << 30)) * CUMULATIVE[CUMULATIVE.length - 1];
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo];
}

function numberText(draw: Draw): string {
  switch (draw(4)) {
    case 0:
      return String(draw(100));
    case 1:
      return `${draw(1000)}.${draw(100)}`;
    case 2:
      return `${1 + draw(99)},${String(draw(1000)).padStart(3, "0")}`;
    default:
      return `${draw(100)}%`;
  }
}

/** A sentence of `n` words: capitalized, a comma or a number now and then, a closing mark. */
function sentenceOf(words: string[]): string {
  const first = words[0];
  const text = [first[0].toUpperCase() + first.slice(1), ...words.slice(1)].join(" ");
  return text;
}

function wordsOf(draw: Draw, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = draw(25) === 0 ? numberText(draw) : word(draw);
    if (i < n - 1 && draw(9) === 0) w += ",";
    out.push(w);
  }
  return out;
}

const ENDINGS = [".", ".", ".", ".", ".", "?", "!"];

function sentence(draw: Draw): { words: string[]; end: string } {
  return { words: wordsOf(draw, 5 + draw(36)), end: ENDINGS[draw(ENDINGS.length)] };
}

/** A paraphrase: a share of the words replaced, dropped, added or moved. */
function paraphrase(draw: Draw, words: readonly string[], share: number): string[] {
  const out = [...words];
  const edits = Math.max(1, Math.round(out.length * share));
  for (let e = 0; e < edits; e++) {
    const at = draw(out.length);
    switch (draw(4)) {
      case 0:
        if (out.length > 3) out.splice(at, 1);
        break;
      case 1:
        out.splice(at, 0, word(draw));
        break;
      case 2: {
        const to = draw(out.length);
        [out[at], out[to]] = [out[to], out[at]];
        break;
      }
      default:
        out[at] = word(draw);
    }
  }
  return out;
}

const REFUSALS = [
  "I don't know.",
  "I'm sorry, I can't help with that.",
  "There is not enough information to answer.",
  "",
];

const SCHEMAS = [
  { type: "object", required: ["answer"], properties: { answer: { type: "string" } } },
  {
    type: "object",
    required: ["label", "confidence"],
    properties: {
      label: { enum: ["yes", "no", "unsure"] },
      confidence: { type: "number", minimum: 0, maximum: 1 },
    },
  },
  { type: "array", items: { type: "string", pattern: "^[A-Z]" }, minItems: 1 },
];

/** One results row to score: id, version, output, expected, and a schema on JSON rows. */
export interface BenchRow {
  id: string;
  version: string;
  output: string;
  expected: string;
  schema?: unknown;
}

/** The kind of row `row(i)` makes, in the shares they come in (out of 100). */
const KINDS: [string, number][] = [
  ["copy", 12],
  ["format", 10],
  ["close", 20],
  ["paraphrase", 25],
  ["wrong", 15],
  ["refusal", 5],
  ["number", 9],
  ["json", 4],
];

function kindOf(draw: Draw): string {
  let x = draw(100);
  for (const [kind, share] of KINDS) {
    if (x < share) return kind;
    x -= share;
  }
  return "wrong";
}

/** A formatting near miss of `text`: what a model does to a right answer. */
function formatMiss(draw: Draw, text: string): string {
  switch (draw(7)) {
    case 0:
      return text.toLowerCase();
    case 1:
      return text.replace(/[.!?]$/, "");
    case 2:
      return `  ${text}\n`;
    case 3:
      return `"${text}"`;
    case 4:
      return text.replaceAll(" ", "  ");
    case 5:
      return text.toUpperCase();
    default:
      return `${text}.`;
  }
}

/** Row `i` of a file made with `seed`: the same row every time. */
export function benchRow(i: number, seed = 1): BenchRow {
  const draw = seededDraw(seed * 1_000_003 + i);
  const id = `case-${i >> 1}`;
  const version = i % 2 === 0 ? "baseline" : "candidate";
  const kind = kindOf(draw);
  const ref = sentence(draw);
  const expected = sentenceOf(ref.words) + ref.end;
  switch (kind) {
    case "copy":
      return { id, version, output: expected, expected };
    case "format":
      return { id, version, output: formatMiss(draw, expected), expected };
    case "close":
    case "paraphrase": {
      const share = kind === "close" ? 0.05 + draw(10) / 100 : 0.2 + draw(50) / 100;
      const output = sentenceOf(paraphrase(draw, ref.words, share)) + ref.end;
      return { id, version, output, expected };
    }
    case "refusal":
      return { id, version, output: REFUSALS[draw(REFUSALS.length)], expected };
    case "number": {
      const value = draw(100_000) / 100;
      const expected = value.toFixed(2);
      const outputs = [
        expected,
        `The total is ${value.toLocaleString("en-US")}.`,
        value.toFixed(2).replace(".", ","),
        String(value + 1 + draw(50)),
        `${sentenceOf(wordsOf(draw, 4))} ${expected}`,
      ];
      return { id, version, output: outputs[draw(outputs.length)], expected };
    }
    case "json": {
      const s = draw(SCHEMAS.length);
      const answer = sentenceOf(wordsOf(draw, 3 + draw(6)));
      const outputs = [
        JSON.stringify({ answer }),
        JSON.stringify({ label: ["yes", "no", "maybe"][draw(3)], confidence: draw(12) / 10 }),
        JSON.stringify([answer, answer.toLowerCase()]),
        "```json\n" + JSON.stringify({ answer }) + "\n```",
      ];
      return { id, version, output: outputs[draw(outputs.length)], expected, schema: SCHEMAS[s] };
    }
    default: {
      const other = sentence(draw);
      return { id, version, output: sentenceOf(other.words) + other.end, expected };
    }
  }
}

/** Write rows `0..rows-1` of `benchRow` as JSON lines to `path`. */
export async function writeBenchJsonl(path: string, rows: number, seed = 1): Promise<void> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  const enc = new TextEncoder();
  let buffer = "";
  try {
    for (let i = 0; i < rows; i++) {
      buffer += JSON.stringify(benchRow(i, seed)) + "\n";
      if (buffer.length > 1 << 20) {
        await file.write(enc.encode(buffer));
        buffer = "";
      }
    }
    await file.write(enc.encode(buffer));
  } finally {
    file.close();
  }
}
