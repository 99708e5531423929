/** The `where` of a list query, built from the filters given, with its parameters in order. */
export class Conditions {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `condition` (with `?` for each of `values`) when `when` holds. */
  add(when: boolean, condition: string, ...values: unknown[]): this {
    if (when) {
      this.parts.push(condition);
      this.params.push(...values);
    }
    return this;
  }

  get sql(): string {
    return this.parts.length > 0 ? this.parts.join(' and ') : 'true';
  }
}
