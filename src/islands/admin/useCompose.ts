// What the owner is composing: an article or story and/or a note, the subject (filled in from the
// title until the owner edits it), the lists; the checks the server makes, stated for the form
// (src/shared/announcement-api.ts has the same limits); and the draft body they make.
import { useState } from 'react';
import type { AnnouncementDraft } from '../../shared/announcement-api.ts';
import { SIGNUP_TYPES, type SignupType } from '../../shared/messages/index.ts';
import { ANNOUNCEMENT_LABELS as L } from '../../shared/messages/announcements.ts';
import type { AnnounceableItem, AnnouncementRow } from './announcementApi.ts';

export const SUBJECT_MAX = 200;
export const NOTE_MAX = 2000;

export interface ComposeFields {
  sourcePath: string;
  note: string;
  subject: string;
  audience: SignupType[];
}

export type ComposeErrors = Partial<Record<'source' | 'subject' | 'note' | 'audience', string>>;

const EMPTY: ComposeFields = { sourcePath: '', note: '', subject: '', audience: ['Updates'] };

export function composeErrors(f: ComposeFields): ComposeErrors {
  const errors: ComposeErrors = {};
  const subject = f.subject.trim();
  if (!f.sourcePath && !f.note.trim()) errors.source = L.missingSource;
  if (!subject) errors.subject = L.missingSubject;
  else if (subject.length > SUBJECT_MAX || /[\r\n]/.test(subject)) errors.subject = L.subjectTooLong;
  if (f.note.trim().length > NOTE_MAX) errors.note = L.noteTooLong;
  if (!f.audience.length) errors.audience = L.missingAudience;
  return errors;
}

/** The body the endpoints take; null while the fields are not a valid draft. */
export function draftOf(f: ComposeFields): AnnouncementDraft | null {
  if (Object.keys(composeErrors(f)).length) return null;
  const note = f.note.trim();
  return {
    ...(f.sourcePath ? { source_path: f.sourcePath } : {}),
    ...(note ? { note } : {}),
    subject: f.subject.trim(),
    audience: f.audience,
  };
}

export interface Compose {
  fields: ComposeFields;
  /** The saved draft being reviewed (a build's proposal, or a draft whose send failed). */
  reviewing: AnnouncementRow | null;
  /** Errors are shown once the owner has tried to test or send. */
  showErrors: boolean;
  errors: ComposeErrors;
  draft: AnnouncementDraft | null;
  pickSource: (path: string) => void;
  setNote: (note: string) => void;
  setSubject: (subject: string) => void;
  toggleAudience: (type: SignupType, on: boolean) => void;
  review: (row: AnnouncementRow) => void;
  /** Marks the errors as shown; true when there are none. */
  check: () => boolean;
  reset: () => void;
}

export function useCompose(items: readonly AnnounceableItem[]): Compose {
  const [fields, setFields] = useState<ComposeFields>(EMPTY);
  const [subjectEdited, setSubjectEdited] = useState(false);
  const [reviewing, setReviewing] = useState<AnnouncementRow | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const errors = composeErrors(fields);

  return {
    fields,
    reviewing,
    showErrors,
    errors,
    draft: draftOf(fields),
    pickSource: (path) =>
      setFields((f) => {
        const title = items.find((item) => item.path === path)?.title;
        return { ...f, sourcePath: path, subject: title && !subjectEdited ? title.slice(0, SUBJECT_MAX) : f.subject };
      }),
    setNote: (note) => setFields((f) => ({ ...f, note })),
    setSubject: (subject) => {
      setSubjectEdited(subject !== '');
      setFields((f) => ({ ...f, subject }));
    },
    toggleAudience: (type, on) =>
      setFields((f) => ({
        ...f,
        // Kept in the lists' own order, whatever the order of the clicks.
        audience: SIGNUP_TYPES.filter((t) => (t === type ? on : f.audience.includes(t))),
      })),
    review: (row) => {
      setFields({
        sourcePath: row.source_path ?? '',
        note: row.note ?? '',
        subject: row.subject,
        audience: row.audience,
      });
      setSubjectEdited(true);
      setReviewing(row);
      setShowErrors(false);
    },
    check: () => {
      setShowErrors(true);
      return Object.keys(errors).length === 0;
    },
    reset: () => {
      setFields(EMPTY);
      setSubjectEdited(false);
      setReviewing(null);
      setShowErrors(false);
    },
  };
}
