// Driving Keystatic's entry form in a real browser, as an editor does: fields by their labels,
// list items through their dialogs, related articles through the searchable picker.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';

/** A form control by its label as shown ("Title", or "Title*" when required). */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

/** Adds one item to a list field through its dialog. */
export async function addItem(page: Page, list: string, values: Record<string, string>) {
  await page.getByRole('group', { name: list }).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await field(dialog, label).fill(value);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Picks an article in a related-article dialog (a searchable combobox). */
export async function addRelated(page: Page, slug: string) {
  await page.getByRole('group', { name: 'Related articles' }).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(slug);
  await page.getByRole('option', { name: slug, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A photo-like JPEG made here (a gradient, blurred), 2000×1200, in a new temporary folder. */
export async function makeJpeg(name = 'field-photo.jpg'): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'rt-photo-')), name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1200"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#c9a96e"/><stop offset="1" stop-color="#3f5873"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="1300" cy="500" r="320" fill="#f4eee2" opacity="0.6"/></svg>`;
  await sharp(Buffer.from(svg)).blur(3).jpeg({ quality: 82 }).toFile(file);
  return file;
}

/**
 * Fills every field a published article needs except its title (already there) and the draft
 * switch: published at `published` (YYYY-MM-DDTHH:mm), the hero from `photo`, three of each list, two related articles, End-only sign-ups, and
 * a body paragraph citing all three references.
 */
export async function completeArticle(page: Page, photo: string, tag: string, published: string) {
  await field(page, 'Excerpt').fill(
    `An article written in the editor on the deployed site by the browser test (${tag}).`,
  );
  await field(page, 'Published').fill(published);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(photo);
  await field(page, 'Hero image alt text').fill('A blurred golden field under a blue evening sky, with a pale sun');
  for (const keyword of ['hosted editor', 'browser test', tag]) await addItem(page, 'Keywords', { Keyword: keyword });
  await addItem(page, 'Topics (about)', { Topic: 'Testing' });
  await field(page, 'Lead paragraph').fill(
    'This lead paragraph was typed into the editor on the deployed site by a browser test, with no terminal and no developer.',
  );
  for (const i of [1, 2, 3])
    await addItem(page, 'FAQ', {
      Question: `Is this hosted question number ${i}?`,
      Answer: `Yes: this is the answer to hosted question number ${i}.`,
    });
  for (const i of [1, 2, 3])
    await addItem(page, 'References', {
      Id: `hosted-ref-${i}`,
      Title: `Hosted reference ${i}`,
      Publisher: 'Test Publisher',
      Year: String(2020 + i),
      'Address (https)': `https://example.org/hosted-reference-${i}`,
    });
  await addRelated(page, 'hemp-vs-cotton');
  await addRelated(page, 'linen-vs-cotton');
  await page.getByRole('button', { name: /^Both: Updates mid-article/ }).click();
  const endOnly = page.getByRole('option', { name: 'End only (Movement)' });
  await endOnly.click();
  // Pressed while its popover is still opening (a loaded machine), the option can be missed and the
  // popover stays, leaving the rest of the form inert: press it again once if so.
  await page
    .getByRole('listbox')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(async () => {
      await endOnly.click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    });
  await page.getByRole('button', { name: /^End only \(Movement\)/ }).waitFor();

  const body = page.locator('[contenteditable="true"]').first();
  const citation = page.getByText('[choose a reference]');
  // Pressed while the slash menu is still settling (a loaded machine), the option can be missed and
  // no citation is inserted: clear the empty body and insert it again once if so.
  for (let attempt = 1; ; attempt++) {
    await body.click();
    await page.keyboard.type('/');
    await page.getByRole('option', { name: /^Citation/ }).click();
    const inserted = await citation.waitFor({ timeout: attempt === 1 ? 10_000 : 30_000 }).then(
      () => true,
      (err: unknown) => {
        if (attempt > 1) throw err;
        return false;
      },
    );
    if (inserted) break;
    await page.keyboard.press('Escape');
    await body.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
  }
  await page.keyboard.press('Home');
  await page.keyboard.type(`A paragraph typed in the hosted editor about ${tag}.`);
  await page.getByText('[choose a reference]').click();
  await page.getByRole('dialog').getByRole('button').first().click();
  const ids = page.getByLabel(/^Reference id\(s\)/);
  await ids.fill('hosted-ref-1 hosted-ref-2 hosted-ref-3');
  await page.getByRole('button', { name: 'Done' }).click();
  await ids.waitFor({ state: 'detached' });
}
