/**
 * The one way modules that need each other are wired: the module that needs something declares a
 * link (a name and a type), the composition root provides it once, and the module uses it lazily —
 * when a request or a job runs, by which time every module is built. An unprovided link fails loudly.
 */
export interface ModuleLink<T> {
  readonly name: string;
  /** Called once, by the composition root (or the area that composes its parts). */
  provide(value: T): void;
  /** The provided value; throws when nothing provided it (a wiring mistake, not a user error). */
  use(): T;
}

export function moduleLink<T>(name: string): ModuleLink<T> {
  let provided: { value: T } | undefined;
  return {
    name,
    provide(value) {
      if (provided) throw new Error(`The module link '${name}' is provided twice.`);
      provided = { value };
    },
    use() {
      if (!provided) throw new Error(`The module link '${name}' is not provided.`);
      return provided.value;
    },
  };
}

/**
 * A link whose provider may be several modules (e.g. "where is this video used"): each provides
 * its part once; the user reads them all. No provider is a valid answer (an empty list).
 */
export interface ModuleLinks<T> {
  readonly name: string;
  provide(value: T): void;
  all(): readonly T[];
}

export function moduleLinks<T>(name: string): ModuleLinks<T> {
  const values: T[] = [];
  return {
    name,
    provide(value) {
      values.push(value);
    },
    all: () => values,
  };
}
