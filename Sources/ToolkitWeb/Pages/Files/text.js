// Counting text as the core counts it: what a person sees as one character (a grapheme cluster, Swift's
// Character), a title trimmed of the white space around it first.

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** How many characters `text` has, as the core counts them. */
export function characters(text) {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

/** `text` without the white space around it, as the core trims a title. */
export function trimmed(text) {
  return text.replace(/^\s+|\s+$/gu, "");
}

/** `text` cut to at most `limit` characters, as the core counts them. */
export function clipped(text, limit) {
  let kept = "";
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (++count > limit) break;
    kept += segment;
  }
  return kept;
}
