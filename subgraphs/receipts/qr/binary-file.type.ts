/** The kernel's {@link BinaryFile}, shared with the stores subgraph's flyer PDFs. */
export { BinaryFile } from '../../kernel/binary-file.type.js';
