/**
 * The font of the counter cards: the kernel's document font (Noto Sans JP Regular, embedded as a
 * subset), shared with the stores subgraph's flyer PDFs.
 */
export { documentFont as cardFont } from '../../kernel/document-font.js';
