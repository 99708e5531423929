import { Field, Int, ObjectType } from 'type-graphql';

/** Longest export: more rows than this are cut, and `truncated` says so. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

/** The media type of every export. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

@ObjectType('CsvExport', {
  description:
    'A CSV document (RFC 4180: comma-separated, CRLF line ends, UTF-8 with a byte order mark; text cells a spreadsheet would run as a formula start with an apostrophe).',
})
export class CsvExport {
  @Field(() => String, { description: 'A file name for saving it.' })
  filename!: string;

  @Field(() => String, { description: 'Always text/csv; charset=utf-8.' })
  contentType!: string;

  @Field(() => Int, { description: 'Data rows in `content` (the header row not counted).' })
  rowCount!: number;

  @Field(() => Boolean, { description: `Whether rows were left out: an export holds at most ${CSV_EXPORT_MAX_ROWS}.` })
  truncated!: boolean;

  @Field(() => String, { description: 'The document.' })
  content!: string;
}
