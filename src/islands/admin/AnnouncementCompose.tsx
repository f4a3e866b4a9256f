// The compose form of the Send view: an article or story (or none, for a note), a note, the
// subject, the lists with the live count of readers, and the two actions. Every field has its
// <label>; an error is tied to its field (aria-invalid, aria-describedby) once the owner has tried.
import { useId, type Ref } from 'react';
import { SIGNUP_TYPES } from '../../shared/messages/index.ts';
import { ANNOUNCEMENT_LABELS as L } from '../../shared/messages/announcements.ts';
import type { AnnounceableItem } from './announcementApi.ts';
import { count } from './format.ts';
import type { AudienceCount } from './useAudienceCount.ts';
import { NOTE_MAX, SUBJECT_MAX, type Compose } from './useCompose.ts';
import admin from './admin.module.css';
import styles from './send.module.css';

interface Props {
  compose: Compose;
  items: readonly AnnounceableItem[];
  audience: AudienceCount;
  testing: boolean;
  /** Counting the readers afresh before the confirmation opens. */
  checking: boolean;
  onTest: () => void;
  onSend: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.fieldError}>
      {text}
    </p>
  ) : null;
}

export function AnnouncementCompose({
  compose,
  items,
  audience,
  testing,
  checking,
  onTest,
  onSend,
  headingRef,
}: Props) {
  const id = useId();
  const { fields, showErrors, reviewing } = compose;
  const errors = showErrors ? compose.errors : {};
  const articles = items.filter((item) => item.kind === 'article');
  const stories = items.filter((item) => item.kind === 'story');
  const described = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <form
      className={styles.compose}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
      data-compose
    >
      <h2 id={`${id}-title`} className={styles.sectionTitle} ref={headingRef} tabIndex={-1}>
        {L.composeTitle}
      </h2>
      <p className={admin.help}>{L.composeIntro}</p>
      {reviewing && (
        <p className={styles.reviewing} data-reviewing={reviewing.id}>
          {L.reviewing(reviewing.subject)}{' '}
          <button type="button" className={admin.linkButton} onClick={compose.reset}>
            {L.startOver}
          </button>
        </p>
      )}

      <div className={styles.field}>
        <label htmlFor={`${id}-source`} className={admin.label}>
          {L.sourceLabel}
        </label>
        <select
          id={`${id}-source`}
          className={styles.control}
          value={fields.sourcePath}
          onChange={(e) => compose.pickSource(e.target.value)}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={described(`${id}-source-help`, errors.source && `${id}-source-error`)}
        >
          <option value="">{L.sourceNone}</option>
          {articles.length > 0 && (
            <optgroup label={L.articles}>
              {articles.map((item) => (
                <option key={item.path} value={item.path}>
                  {item.title}
                </option>
              ))}
            </optgroup>
          )}
          {stories.length > 0 && (
            <optgroup label={L.stories}>
              {stories.map((item) => (
                <option key={item.path} value={item.path}>
                  {item.title}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <p id={`${id}-source-help`} className={admin.help}>
          {L.sourceHelp}
        </p>
        <FieldError id={`${id}-source-error`} text={errors.source} />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-note`} className={admin.label}>
          {L.noteLabel} {fields.sourcePath && <span className={styles.optional}>{L.noteOptional}</span>}
        </label>
        <textarea
          id={`${id}-note`}
          className={styles.control}
          rows={fields.sourcePath ? 3 : 6}
          maxLength={NOTE_MAX}
          value={fields.note}
          onChange={(e) => compose.setNote(e.target.value)}
          aria-invalid={errors.note || (errors.source && !fields.sourcePath) ? true : undefined}
          aria-describedby={described(`${id}-note-help`, errors.note && `${id}-note-error`)}
        />
        <p id={`${id}-note-help`} className={admin.help}>
          {fields.sourcePath ? L.noteHelpWithSource : L.noteHelpAlone}
        </p>
        <FieldError id={`${id}-note-error`} text={errors.note} />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-subject`} className={admin.label}>
          {L.subjectLabel}
        </label>
        <input
          id={`${id}-subject`}
          className={styles.control}
          type="text"
          maxLength={SUBJECT_MAX}
          value={fields.subject}
          onChange={(e) => compose.setSubject(e.target.value)}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={described(`${id}-subject-help`, errors.subject && `${id}-subject-error`)}
        />
        <p id={`${id}-subject-help`} className={admin.help}>
          {L.subjectHelp}
        </p>
        <FieldError id={`${id}-subject-error`} text={errors.subject} />
      </div>

      <fieldset
        className={styles.audience}
        aria-describedby={described(`${id}-audience-help`, errors.audience && `${id}-audience-error`)}
      >
        <legend className={admin.label}>{L.audienceLegend}</legend>
        <div className={styles.checks}>
          {SIGNUP_TYPES.map((type) => (
            <label key={type} className={styles.check}>
              <input
                type="checkbox"
                checked={fields.audience.includes(type)}
                onChange={(e) => compose.toggleAudience(type, e.target.checked)}
              />
              <span>{type}</span>
            </label>
          ))}
        </div>
        <p id={`${id}-audience-help`} className={admin.help}>
          {L.audienceHelp}
        </p>
        <FieldError id={`${id}-audience-error`} text={errors.audience} />
      </fieldset>
      <p
        className={styles.count}
        aria-live="polite"
        data-audience-count={audience.count ?? ''}
        data-audience-of={audience.of}
      >
        {!fields.audience.length
          ? L.missingAudience
          : audience.failed
            ? L.countFailed
            : audience.count === null
              ? L.counting
              : L.willGet(audience.count, count(audience.count))}
      </p>

      {/* Busy buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus,
          and the confirmation must give it back to "Send…" when it closes. The handlers ignore a
          second press. */}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--ghost"
          onClick={onTest}
          aria-disabled={testing}
          aria-busy={testing}
          data-send-test
        >
          {testing ? L.sendingTest : L.sendTest}
        </button>
        <button type="submit" className="button" aria-disabled={checking} aria-busy={checking} data-send>
          {checking ? L.checking : L.send}
        </button>
      </div>
    </form>
  );
}
