// A reference's year: written to the front-matter as a number (2020), or the text n.d. for an undated
// page, which is what the content schema accepts; edited as one short text box.
import { fields } from '@keystatic/core';
import type { BasicFormField, FormFieldStoredValue } from '@keystatic/core';

/** `mayBeEmpty`: the box may stay empty (a draft's reference). */
export function yearField(label: string, description: string, mayBeEmpty = false): BasicFormField<string> {
  const box = fields.text({
    label,
    description,
    validation: {
      pattern: {
        regex: mayBeEmpty ? /^(1[89]\d\d|20\d\d|2100|n\.d\.)?$/ : /^(1[89]\d\d|20\d\d|2100|n\.d\.)$/,
        message: `${label}: a year such as 2020, or n.d.`,
      },
    },
  });
  const parse = (stored: FormFieldStoredValue): string => {
    if (stored === undefined || stored === null) return '';
    if (typeof stored === 'number') return String(stored);
    if (typeof stored === 'string') return stored;
    throw new TypeError(`${label} must be a year or n.d.`);
  };
  // The box's own rule throws Keystatic's field error with the pattern's message.
  const validate = (value: string): string => (box.validate as (value: string) => string)(value);
  return {
    kind: 'form',
    label,
    Input: (props) => <box.Input {...props} />,
    defaultValue: () => '',
    parse,
    validate,
    serialize: (value) => ({ value: value === '' ? undefined : /^\d+$/.test(value) ? Number(value) : value }),
    reader: { parse: (stored) => validate(parse(stored)) },
  };
}
