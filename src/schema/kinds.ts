// The one table of schema repair kinds. The kind type, the docs table in docs/schema.md (checked by
// test/schema/kinds.test.ts) and the per-kind tests come from it. Table order is the order in which
// the repairs are tried at one path.

/** One row of the schema repair kind table. */
export interface SchemaRepairKindRow {
  /** What the repair fixes, in a phrase (docs/schema.md's "what it fixes" column). */
  readonly fixes: string;
  /** The example: the schema, the value before and after, as written in the docs. */
  readonly example: string;
  /** Fires only with `salvage: true`. */
  readonly salvage?: true;
}

/**
 * Every repair the schema layer can make. A repair fires only at a path where validation failed, and
 * only toward the shape the subschema there asks for; the reply-level ones (`read_from_prose`,
 * `prose_as_string`, `collect_into_array`) only when the schema's root asks for that kind of value.
 */
export const SCHEMA_REPAIR_KINDS = {
  move_to_parent: {
    fixes: 'a member that a guessed closer (the text repairs `mismatched_closer`, `missing_closer`, `doubled_braces`) left at the end of a nested object, where the nested object\'s schema does not declare it (and takes no other keys), the object around it declares it and lacks it, and the member as written fits there: moved to that object, before anything is validated (`path` is where the reply wrote it). Without a guessed closer, such a member is stripped (`strip_extra_properties`)',
    example: '`[{a: {x}, b}]` → `[{"a": {"x": 1, "b": 2}]` → `[{"a": {"x": 1}, "b": 2}]`',
  },
  rename_property: {
    fixes: 'a key that matches no property but equals exactly one declared property (or member of a `propertyNames` `enum`: a record keyed by an enum, `z.record(z.enum([…]), …)`) ignoring case, surrounding space, `-` / `_` / space differences and colons at the key\'s end (`"code:" "x"`) (two candidates: no rename; a property already present: no rename); also where a Standard Schema would strip the key from a value it accepts (Zod\'s `z.object`), since the answer would be lost; behind a `.transform`, whose output is no copy of the input, the input is read as the schema\'s input JSON Schema says (a key is stripped where the object declares properties and no `additionalProperties`: `z.object`, not `z.looseObject`)',
    example: '`{full_name}` → `{"Full Name": "Ada"}` → `{"full_name": "Ada"}`',
  },
  null_to_default: {
    fixes: '`null` where null is not allowed and the subschema has a `default` (a copy is used); not where the text stage wrote a null the reply never gave (`missing_value`: `{"limit": , …}`; `non_finite_number`: `NaN`), unless `salvage: true`: such a key is as missing as an absent one (the report does not say which null it wrote, so with either repair in the text no null takes a default)',
    example: '`{type: integer, default: 10}` → `null` → `10`',
  },
  drop_null: {
    fixes: '`null` at an optional property that does not allow null: the property is removed',
    example: '`limit?: integer` → `"limit": null` → *(removed)*',
  },
  unwrap_schema_echo: {
    fixes: 'the schema written back with the answer in its `properties`: an object of schema keywords only (`type`, `properties`, `required`, `$schema`, …, none of them a declared property) whose `properties` holds declared properties, no schemas: that answer',
    example: '`{name}` → `{"type": "object", "properties": {"name": "Ada"}}` → `{"name": "Ada"}`',
  },
  unwrap_object: {
    fixes: 'a one-key object whose key no property declares (nor names one as `rename_property` compares names: that key is renamed, not unwrapped) and whose value, an object (or a one-element array of one, then unwrapped by `unwrap_singleton_array`), is valid where the object is expected: the model\'s wrapper around the answer (`{"result": {…}}`, `{"examples": [{…}]}`, an agent\'s `output` wrapped again); without it a closed schema stripped the wrapper into `{}` or a required property was missing. A Standard Schema that strips the keys it does not know (Zod\'s `z.object`) would accept the wrapper and give `{}`: a value it accepts with every key of a non-empty object dropped, where the schema declares properties, fails at that object, so this repair (or `unwrap_schema_echo`) takes the answer out, else it is an error',
    example: '`{name}` → `{"result": {"name": "Ada"}}` → `{"name": "Ada"}`',
  },
  unwrap_json_string: {
    fixes: 'a string holding JSON of the container kind expected, parsed with `JSON.parse` or, refusing every guess (`strict`), with the tolerant parser: a Python dict\'s repr, single quotes, a Python tuple\'s repr where an array is expected (`"(240, 128, 128)"`) (also a whole payload that is a JSON string); the string must be that one value: not the first of several with text between (`"{\\"a\\": 1} and {\\"a\\": 2}"`)',
    example: '`string[]` → `"[\\"a\\",\\"b\\"]"` → `["a","b"]`',
  },
  unwrap_singleton_array: {
    fixes: 'a one-element array where a non-array is expected',
    example: '`string` → `["x"]` → `"x"`',
  },
  unwrap_object_to_array: {
    fixes: 'a single-key object whose value is an array that fits where the array is expected: the model\'s wrapper around the answer (tried before an object of the items is wrapped, so `{"items": [{…}]}` is the list, not its one element)',
    example: '`integer[]` → `{"elements": [1, 2]}` → `[1, 2]`',
  },
  wrap_object_in_array: {
    fixes: 'a single-key object whose value fits the array\'s items (objects with several keys are never squeezed)',
    example: '`string[]` → `{"path": "x"}` → `["x"]`',
  },
  wrap_in_array: {
    fixes: 'a scalar where an array is expected (not an empty string: `[""]` is an item the reply never gave; nor a string holding `,` or `;` that the items do not take as written, which may be a list: `"1,234"` for `integer[]`, `"red, yellow"` for an array of colours), or an object where an array of objects is expected (not an object none of whose keys the items declare: a wrapper such as `{"results": […], "total": 1}` is no item)',
    example: '`string[]` → `"x"` → `["x"]`',
  },
  string_to_integer: {
    fixes: 'a string in the JSON number grammar (after trimming) that names a safe integer exactly (`"1.5e1"` is 15; `"2.9999999999999999"`, which a double rounds to 3, is refused)',
    example: '`integer` → `"42"` → `42`',
  },
  string_to_number: {
    fixes: 'a string in the JSON number grammar (after trimming); an integer past 2^53 whose digits a double cannot hold is refused (`"9007199254740993"`, `"9007199254740993.0"`; written with an exponent, one whose digits it keeps is read: `"1e23"`)',
    example: '`number` → `" 0.5 "` → `0.5`',
  },
  written_number: {
    fixes: 'a number as people write it, where a number (or integer) is expected: thousands separators in groups of three, a currency sign (`$ € £ ¥ ₹`, before or after), a percent sign (`50%` is 50, never 0.5), a fraction `a/b`; an ambiguous form (`1,5`, `0,123`, `1.234,5`) is refused',
    example: '`number` → `"-$2,000.50"` → `-2000.5`',
  },
  integral_number_to_integer: {
    fixes: 'an integral number rejected as non-integer — never rounds (`4.5` is refused). JSON `4.0` already *is* the integer 4 in JavaScript, so this fires only with validators that tell them apart',
    example: '`integer` → `4.0` → `4`',
  },
  string_to_boolean: {
    fixes: '`"true"` / `"false"` in any case, after trimming — never truthiness',
    example: '`boolean` → `"False"` → `false`',
  },
  string_to_null: {
    fixes: '`"null"` or `"None"` (any case, after trimming) where the subschema allows null and no string (a nullable number, object, enum without strings), or an enum lists null and no such string (`["a", null]`, as `.nullable()` of `z.enum(["a"])` reads it): null. Where a string is allowed, the text stays as written',
    example: '`integer | null` → `"null"` → `null`',
  },
  scalar_to_string: {
    fixes: 'a number or boolean where a string is expected, a number read from a reply as the reply wrote it (`1.10` → `"1.10"`, an id past 2^53 with every digit, also where the schema takes a number or a string, since the number would lose digits; spelt two ways there, no value; one read from a JSON string by `unwrap_json_string` as that string wrote it, with `coerce` too); never `null` → `"null"`',
    example: '`string` → `42` → `"42"`',
  },
  enum_case_fold: {
    fixes: 'a string equal to exactly one enum (or `const`) member ignoring case and space (surrounding space, and runs of space inside) and one pair of quotes around it (`"\\"edit\\""`, the member written as a JSON string inside the string)',
    example: '`enum [low, high]` → `"High"` → `"high"`',
  },
  enum_with_text: {
    fixes: 'a string that starts with exactly one enum (or `const`) member, ignoring case, then a mark (`:` `-` `–` `—` `.` `,` `;` `(` `!`) and a note that names no other member: the member. Not a note holding a quote, a key-like word and `:` (`"open, \\"priority: 2"`: a string that ran on over the next member when its closing quote was lost)',
    example: '`enum [ONE, TWO]` → `"ONE: the first option"` → `"ONE"`',
  },
  strip_extra_properties: {
    fixes: 'properties of an object the schema closes with `additionalProperties: false` (declared and `patternProperties` keys stay), or with `unevaluatedProperties: false` (the keys the validator finds unevaluated that nothing in the object\'s schema names: its properties, `allOf` parts, the conditionals that apply, a union branch\'s); never all of them: `{}` made of an answer in another shape is an error. Nor a key that names a declared property as `rename_property` compares names and was not renamed to it (`{"label": "x", "Label": "y"}`; `{"Label": "x", "LABEL": "y"}`, two keys for it): which answer was meant is a guess, and the key fails (the same value twice goes). Also each key a Standard Schema drops from a value it accepts (Zod\'s `z.object` strips the keys it does not declare), reported as the schema\'s output lacks it, or, behind a transform whose output is no copy of the object, as its input JSON Schema drops it (`before` the dropped value)',
    example: 'closed `{a}` → `{"a":1,"x":2}` → `{"a":1}`',
  },
  read_from_prose: {
    fixes: 'a reply with no JSON and a scalar or enum schema: the one value in the prose that fits (enum members ignoring case, space and `_`, one inside a longer member\'s match part of it; `true`/`false`; numbers, a scale word after one multiplying it: `2.5 million` → 2500000); a member or `true`/`false` after `not` is denied (`not spam` is not `spam`; `not true` is false); none or several different ones: no value, but of members spelt with capitals, one written in its own case beats others matched only ignoring it (`TWO is one of the answers` → `TWO`). A union of literals (`anyOf` of `const`s) reads as their enum. With an object schema: a reply of `Label: value` lines (a list\'s marks and `**` around them allowed) whose labels name declared properties as `rename_property` compares names, every required one there, two at least, none twice; the values as written, then read as their properties ask (`- **Age**: 30` → `"age": 30`); a line that is no label goes on the value before it (a list under an empty value is its items), a label no property declares is a member as written, and prose after a blank line is set aside. A nullable schema (`anyOf` of one schema and `null`) reads as its other branch; `\\n` written for line breaks parts words. With an array of numbers: a reply that is nothing but numbers separated by commas or spaces (not one number with thousands\' groups, `1,234`, nor commas both with and without a space after them, `5, 1,000`); with an array of booleans or enum members, the one its items ask for, written once, as a list of one (`The answer is true` for `boolean[]` → `[true]`; `true and true`: no value); a value in a quote the reply never closed (`"12`, cut from `"125"`) is cut off: `REPAIR_REFUSED` (`acceptTruncated: true` takes it)',
    example: '`enum [positive, negative]` → `The sentiment is Positive.` → `"positive"`',
  },
  prose_as_string: {
    fixes: 'a reply with no JSON and a `string` schema (or a nullable one, or a union of scalar types with a string among them: a number in the text is no answer): the reply\'s text, trimmed, its code fence removed',
    example: '`string` → ` Paris. ` → `"Paris."`',
  },
  collect_into_array: {
    fixes: 'an array schema and several values in the prose or in several fences: the array of those that fit the items, in document order (`before` lists every value found)',
    example: '`{id}[]` → `{"id":1} … {"id":2}` → `[{"id":1},{"id":2}]`',
  },
  pick_concatenated_value: {
    fixes: 'several values written one after another (`{…}{…}`, read as an array of them) and a schema the array does not fit: the one of them the schema accepts (`before` lists every value); when several different ones do, no value: `REPAIR_REFUSED` (which was meant is a guess); an empty one (`{}`, `[]`), or an object naming none of the properties the schema declares, gives way to one that says something',
    example: '`{x}` → `{"note": 1}{"x": 2}` → `{"x": 2}`',
  },
  unwrap_tool_call: {
    fixes: 'tool-call arguments (`parseToolArguments` only, before the schema reads them) written as the whole call, `{"name": …, "arguments": {…}}` (or `parameters`, `input`, `args`, maybe an `id` and `type`; the arguments maybe a JSON string; or OpenAI\'s `{"type": "function", "function": {…}}`), when the schema declares properties and none of the call\'s members: its arguments. With no schema, one declaring no properties, or one declaring a member of the call (`name`), which was meant is a guess, and the value stays as written',
    example: '`{city}` → `{"name": "get_weather", "arguments": {"city": "Paris"}}` → `{"city": "Paris"}`',
  },
  parameter_markup: {
    fixes: 'tool-call arguments (`parseToolArguments` only, before the schema reads them) written as Qwen3-Coder\'s parameter markup, `<parameter=KEY>value</parameter>…` (or `invoke`\'s `<parameter name="KEY">`), as `extractToolCalls` reads it in a call: the object of the parameters, each value read by its property\'s type (a string\'s text as written, one line break at each end dropped). Cut off before a parameter\'s closer: `REPAIR_REFUSED` (`acceptTruncated: true` takes the parameters so far); text that is no parameter among them: an error',
    example: '`{pattern}` → `<parameter=pattern>**</parameter>` → `{"pattern": "**"}`',
  },
  arguments_as_text: {
    fixes: 'tool-call arguments (`parseToolArguments` only) written as text with no JSON in it (not starting with `{`, `[`, a quote or a fence, and no JSON number or literal) for a schema whose one property takes a string: the text is its value, one line break at each end dropped, as `extractToolCalls` reads such arguments (its rewrite of the same name). For any other schema, or none, the text stays `NO_JSON`',
    example: '`{command: string}` → `ls -R⏎` → `{"command": "ls -R"}`',
  },
  drop_invalid_item: {
    fixes: 'with `salvage: true`: an array item that cannot be made to fit is dropped; not one at a tuple\'s position (`prefixItems`, draft-07\'s `items` array) with items kept after it, which would move into positions that mean something else (`[52.5, "x", 120]` for `[lat, lon, alt]`): that item fails',
    example: '`integer[]` → `[1, "x", 3]` → `[1, 3]`',
    salvage: true,
  },
  fill_default: {
    fixes: 'with `salvage: true`: a missing property whose subschema has a `default` is filled with a copy of it, once no other repair applies (`{"Limit": 5}` is renamed to `limit` where the schema allows no other keys, and kept as written, with no default beside it, where it does; a wrapper taken off); not a property a key names under another spelling, nor in an object naming none of the declared properties that holds an object or array (a wrapper, the schema echoed)',
    example: '`{limit = 10}` → `{}` → `{"limit": 10}`',
    salvage: true,
  },
} as const satisfies Record<string, SchemaRepairKindRow>;

/** Every repair the schema layer can make; see {@link SCHEMA_REPAIR_KINDS}. */
export type SchemaRepairKind = keyof typeof SCHEMA_REPAIR_KINDS;

/** Every schema repair kind, in table order. */
export const ALL_SCHEMA_REPAIR_KINDS: readonly SchemaRepairKind[] = Object.freeze(Object.keys(SCHEMA_REPAIR_KINDS) as SchemaRepairKind[]);
