/**
 * English number words to digits, for the text-command parser: "twenty one" → 21, "two hundred
 * and five" → 205, "a hundred" → 100. It reads cardinals up to the millions, far past the most
 * a command may ask for (larger counts are capped later), and leaves every other word as it is.
 * "a" alone reads as 1, which the parser's quantity words ("a dozen" → 1 × 12) build on.
 */

/** Words of one number below twenty, and the tens (Maps: a plain object would answer "constructor"). */
const SMALL: ReadonlyMap<string, number> = entries({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
});

const TENS: ReadonlyMap<string, number> = entries({
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
});

/** Words that multiply what came before them: the hundred within a group, then the groups. */
const SCALES: ReadonlyMap<string, number> = entries({ thousand: 1_000, million: 1_000_000 });

function entries(table: Record<string, number>): ReadonlyMap<string, number> {
  return new Map(Object.entries(table));
}

/** What the last word of a number was, which decides the words that may follow it. */
type Last = "start" | "small" | "tens" | "hundred" | "scale";

/** One number being read: the finished groups (`total`) and the group below them. */
interface Reading {
  total: number;
  group: number;
  last: Last;
}

/**
 * The words with every run of number words replaced by its digits ("spawn twenty one ants" →
 * "spawn 21 ants"). Two numbers side by side stay apart: "one two" → "1", "2".
 */
export function readNumberWords(words: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const read = readNumber(words, i);
    if (read) {
      out.push(String(read.value));
      i = read.next;
    } else out.push(words[i++]!);
  }
  return out;
}

/** The number whose words start at `at`, and the index after them; undefined when none does. */
function readNumber(words: readonly string[], at: number): { value: number; next: number } | undefined {
  const reading: Reading = { total: 0, group: 0, last: "start" };
  let i = at;
  while (i < words.length) {
    const word = words[i]!;
    if (word === "and" && andContinues(reading.last, words[i + 1])) {
      i++;
      continue;
    }
    if (!step(reading, word)) break;
    i++;
  }
  if (reading.last === "start") return undefined;
  return { value: reading.total + reading.group, next: i };
}

/** "two hundred and five": "and" joins only a hundred or a thousand to the number words after it. */
function andContinues(last: Last, next: string | undefined): boolean {
  return (last === "hundred" || last === "scale") && next !== undefined && (SMALL.has(next) || TENS.has(next));
}

/** Adds `word` to the number being read; false when it cannot continue that number. */
function step(reading: Reading, word: string): boolean {
  const { last } = reading;
  const opensGroup = last === "start" || last === "hundred" || last === "scale";
  if (word === "a" && last === "start") return add(reading, 1, "small");
  const value = SMALL.get(word);
  if (value !== undefined) {
    const afterTens = last === "tens" && value > 0 && value < 10;
    return (opensGroup || afterTens) && add(reading, value, "small");
  }
  const tens = TENS.get(word);
  if (tens !== undefined) return opensGroup && add(reading, tens, "tens");
  if (word === "hundred") {
    if ((last !== "small" && last !== "tens") || reading.group >= 100) return false;
    reading.group *= 100;
    reading.last = "hundred";
    return true;
  }
  const scale = SCALES.get(word);
  if (scale !== undefined) {
    if (last === "start" || last === "scale") return false;
    reading.total += reading.group * scale;
    reading.group = 0;
    reading.last = "scale";
    return true;
  }
  return false;
}

function add(reading: Reading, value: number, last: Last): true {
  reading.group += value;
  reading.last = last;
  return true;
}
