/*
 * V8 gives every object a hidden class (its layout) and compiles hot
 * functions against the layouts they meet. A layout that only transitions
 * from another reach stays alive while some object has it; a collection that
 * reduces memory (V8's memory reducer in an idle process, a low-memory
 * notification, `gc()`) frees it once none does and deoptimises every function
 * compiled against it. Between two documents nothing of the first is left, so
 * such a collection cost a long-lived process about 20 functions of
 * markdown-it and highlight.js their optimised code, compiled again during the
 * next document (bench/FINDINGS.md, issue 18 (7)). A few objects of those
 * layouts, kept here for the life of the module, keep them.
 */
const kept = new Map<string, unknown>();

/** Keeps `value` alive in place of what was kept under `name` before: objects whose layouts must outlive a document. */
export function keepLayouts(name: string, value: unknown): void {
  kept.set(name, value);
}
