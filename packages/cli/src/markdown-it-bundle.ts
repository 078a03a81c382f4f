// The entry of dist/markdown-it.cjs, which markdown-it-lazy.ts loads on first use.
export { default } from 'markdown-it';
