// The Draft switch: a new entry starts ticked (a draft saves with only a title), while a file that
// leaves `draft` out is published, as the content schema reads it. Unticked, it is not written at
// all, so publishing a draft is a one-line change and published files carry no `draft: false`.
import { fields } from '@keystatic/core';
import type { BasicFormField, FormFieldStoredValue } from '@keystatic/core';
import type { SwitchRule } from '../src/content-fields.ts';

export function draftField({ label, help, default: byDefault, newEntry }: SwitchRule): BasicFormField<boolean> {
  const box = fields.checkbox({ label, description: help, defaultValue: newEntry });
  const parse = (stored: FormFieldStoredValue): boolean => {
    if (stored === undefined || stored === null) return byDefault;
    if (typeof stored !== 'boolean') throw new TypeError(`${label} must be ticked or not (true or false)`);
    return stored;
  };
  return {
    kind: 'form',
    label,
    Input: (props) => <box.Input {...props} />,
    defaultValue: () => newEntry,
    parse,
    validate: (value) => value,
    serialize: (value) => ({ value: value === byDefault ? undefined : value }),
    reader: { parse },
  };
}
