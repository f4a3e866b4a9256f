// The Send view (docs/announcements.md, "The Send view"): compose an announcement from an article,
// a story or a note, see it as readers will (HTML at phone and desktop widths, and text), send a
// test to the owner, then send it after a confirmation that names the number of readers; below,
// the build's proposals for new articles first, then every announcement with its live progress.
// Loaded on its own (React.lazy in Dashboard.tsx) the first time the owner opens the tab.
import { useCallback, useId, useRef, useState } from 'react';
import { ADMIN_LABELS, ADMIN_NOTICES } from '../../shared/messages/index.ts';
import {
  ANNOUNCEMENT_LABELS as L,
  ANNOUNCEMENT_NOTICES,
  ANNOUNCEMENT_TOASTS,
} from '../../shared/messages/announcements.ts';
import type { AnnouncementDraft, PreviousSend } from '../../shared/announcement-api.ts';
import { notify } from '../toaster.tsx';
import { isAuthError } from './api.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { AnnouncementCompose } from './AnnouncementCompose.tsx';
import { AnnouncementPreview } from './AnnouncementPreview.tsx';
import { createDraft, fetchAudience, sendAnnouncement, sendTest, type AnnouncementRow } from './announcementApi.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { count, dateTime } from './format.ts';
import { noticeFor } from './noticeFor.ts';
import { useAnnouncements } from './useAnnouncements.ts';
import { useAudienceCount } from './useAudienceCount.ts';
import { useCompose } from './useCompose.ts';
import { usePreview } from './usePreview.ts';
import admin from './admin.module.css';
import styles from './send.module.css';

interface Props {
  /** The session is gone (401/403): back to the gate. */
  onDenied: () => void;
}

/** A saved draft made of this source and note can be sent as it is (the subject and lists go with the send). */
const sameContent = (row: { source_path: string | null; note: string | null }, draft: AnnouncementDraft) =>
  (row.source_path ?? '') === (draft.source_path ?? '') && (row.note ?? '') === (draft.note ?? '');

export default function SendView({ onDenied }: Props) {
  const id = useId();
  const [audienceVersion, setAudienceVersion] = useState(0);
  const recount = useCallback(() => setAudienceVersion((v) => v + 1), []);
  const announcements = useAnnouncements(onDenied, recount);
  const { listing } = announcements;
  const items = listing?.items ?? [];
  const compose = useCompose(items);
  const audience = useAudienceCount(compose.fields.audience, compose.fields.sourcePath, audienceVersion, onDenied);
  const preview = usePreview(compose.draft, onDenied);

  const [testing, setTesting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirm, setConfirm] = useState<{
    count: number;
    draft: AnnouncementDraft;
    /** Earlier sends of its article to these lists: then the owner confirms a repeat. */
    previous: PreviousSend[];
    received: number;
  } | null>(null);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState<AnnouncementRow | null>(null);
  // The draft a failed send left behind, sent again (not saved twice) while its content is the same.
  const leftover = useRef<AnnouncementRow | null>(null);
  const composeHeading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);

  function fail(err: unknown) {
    if (isAuthError(err)) {
      notify(ADMIN_NOTICES.sessionRequired, 'error');
      onDenied();
    } else notify(noticeFor(err), 'error');
  }

  /** The draft, or null after pointing the owner at what to fix. */
  function checkedDraft(): AnnouncementDraft | null {
    if (compose.check() && compose.draft) return compose.draft;
    notify(ANNOUNCEMENT_TOASTS.invalid, 'error');
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-compose] [aria-invalid="true"]')?.focus());
    return null;
  }

  async function test() {
    const draft = checkedDraft();
    if (!draft || testing) return;
    setTesting(true);
    try {
      notify(ANNOUNCEMENT_TOASTS.testQueued(await sendTest(draft)), 'success');
    } catch (err) {
      fail(err);
    } finally {
      setTesting(false);
    }
  }

  /** Counts the readers afresh, then asks once more with that number. */
  async function askSend() {
    const draft = checkedDraft();
    if (!draft || checking) return;
    setChecking(true);
    try {
      const { count: n, previous, received } = await fetchAudience(draft.audience, draft.source_path);
      if (n === 0)
        notify(received > 0 ? ANNOUNCEMENT_NOTICES.everyoneHasIt : ANNOUNCEMENT_NOTICES.noRecipients, 'error');
      else setConfirm({ count: n, draft, previous, received });
    } catch (err) {
      fail(err);
    } finally {
      setChecking(false);
    }
  }

  async function send() {
    if (!confirm || sending) return;
    const { draft, previous } = confirm;
    setSending(true);
    try {
      const saved = [compose.reviewing, leftover.current].find(
        (row): row is AnnouncementRow => row !== null && row.status === 'draft' && sameContent(row, draft),
      );
      const row = saved ?? (await createDraft(draft));
      leftover.current = row;
      const { queued, row: sent } = await sendAnnouncement(row.id, {
        subject: draft.subject,
        audience: draft.audience,
        ...(previous.length ? { repeat: true } : {}),
      });
      leftover.current = null;
      announcements.upsert(sent);
      notify(
        queued ? ANNOUNCEMENT_TOASTS.queued(sent.recipients, count(sent.recipients)) : ANNOUNCEMENT_TOASTS.alreadySent,
        'success',
      );
      setConfirm(null);
      compose.reset();
      // The button that opened the dialog stays, but the news is below: take the focus to it.
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLElement>(`[data-announcement="${sent.id}"] [data-card-title]`)?.focus(),
      );
    } catch (err) {
      setConfirm(null);
      // A draft saved before the send failed stays in the history, to be sent from there or here.
      if (leftover.current) announcements.upsert(leftover.current);
      fail(err);
    } finally {
      setSending(false);
    }
  }

  async function cancelSending() {
    if (!cancelling) return;
    await announcements.control(cancelling.id, 'cancel');
    setCancelling(null);
  }

  function review(row: AnnouncementRow) {
    compose.review(row);
    composeHeading.current?.scrollIntoView({ block: 'start' });
    composeHeading.current?.focus();
  }

  const history = listing?.history ?? [];
  // The dialog's numbers as the polling last read them.
  const toCancel = cancelling && (history.find((row) => row.id === cancelling.id) ?? cancelling);
  const proposals = history.filter((row) => row.proposed && row.status === 'draft');
  const others = history.filter((row) => !(row.proposed && row.status === 'draft'));
  const itemOf = (row: AnnouncementRow) => items.find((item) => item.path === row.source_path);
  const card = (row: AnnouncementRow) => (
    <AnnouncementCard
      key={row.id}
      row={row}
      item={itemOf(row)}
      busy={announcements.busy?.id === row.id ? announcements.busy.action : null}
      onReview={() => review(row)}
      onControl={(action) => void announcements.control(row.id, action)}
      onCancel={() => setCancelling(row)}
    />
  );

  return (
    <div className={styles.send} aria-busy={announcements.loading} data-send-view>
      {announcements.failed && !listing ? (
        <p className={styles.empty}>
          {L.failed}{' '}
          <button type="button" className={admin.linkButton} onClick={announcements.reload}>
            {ADMIN_LABELS.retry}
          </button>
        </p>
      ) : !listing ? (
        <p className={admin.summary}>{L.loading}</p>
      ) : (
        <>
          {proposals.length > 0 && (
            <section className={styles.proposals} aria-labelledby={`${id}-proposals`} data-proposals>
              <h2 id={`${id}-proposals`} className={styles.sectionTitle}>
                {L.proposalsTitle}
              </h2>
              <p className={admin.help}>{L.proposalsIntro}</p>
              <ul className={styles.cards}>{proposals.map(card)}</ul>
            </section>
          )}

          <div className={styles.workbench}>
            <AnnouncementCompose
              compose={compose}
              items={items}
              audience={audience}
              testing={testing}
              checking={checking}
              onTest={() => void test()}
              onSend={() => void askSend()}
              headingRef={composeHeading}
            />
            <AnnouncementPreview state={preview} />
          </div>

          <section className={styles.history} aria-labelledby={`${id}-history`} data-history>
            <div className={admin.panelHead}>
              <h2 id={`${id}-history`} className={styles.sectionTitle}>
                {L.historyTitle}
              </h2>
              <p className={admin.summary}>{L.rate(count(listing.mailRate))}</p>
            </div>
            <div ref={list}>
              {others.length ? (
                <ul className={styles.cards}>{others.map(card)}</ul>
              ) : (
                <p className={styles.empty}>{L.historyEmpty}</p>
              )}
            </div>
          </section>
        </>
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={
          !confirm
            ? ''
            : confirm.previous.length
              ? L.repeatTitle(confirm.count, count(confirm.count))
              : L.confirmTitle(confirm.count, count(confirm.count))
        }
        confirmLabel={confirm?.previous.length ? L.confirmRepeat : L.confirmSend}
        busyLabel={L.confirmBusy}
        busy={sending}
        onConfirm={() => void send()}
        onCancel={() => setConfirm(null)}
      >
        {confirm && confirm.previous.length > 0 && (
          <>
            <ul className={styles.sentBefore} data-sent-before>
              {confirm.previous.map((p) => (
                <li key={p.sent_at}>
                  {L.sentBefore(p.audience, dateTime(p.sent_at), p.recipients, count(p.recipients))}
                </li>
              ))}
            </ul>
            <p>{L.repeatText(confirm.draft.subject, confirm.received, count(confirm.received))}</p>
          </>
        )}
        {confirm && !confirm.previous.length && <p>{L.confirmText(confirm.draft.subject, confirm.draft.audience)}</p>}
      </ConfirmDialog>

      <ConfirmDialog
        open={cancelling !== null}
        title={L.cancelTitle}
        confirmLabel={L.cancel}
        busyLabel={L.cancelBusy}
        busy={announcements.busy?.action === 'cancel'}
        dismissLabel={L.keepSending}
        onConfirm={() => void cancelSending()}
        onCancel={() => setCancelling(null)}
      >
        {toCancel && <p>{L.cancelText(count(toCancel.queued))}</p>}
      </ConfirmDialog>
    </div>
  );
}
