// Why verify cannot make a value a schema asks for: the schema accepts none
// (allOf parts that contradict each other, `false`), or none verify finds
// within its bounds (a pattern no text tried matches, a schema that requires
// itself without end, more values than a body may hold). The case that needed
// it is skipped and named in the report; the run goes on.
export class CannotGenerate extends Error {
  override name = 'CannotGenerate';
}
