import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '@unban/contract/evidence';
import { LocaleIntl } from '../../test/locale-intl';
import { EvidencePicker } from './evidence-picker';

function image(name: string, type = 'image/png', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}

/** The picker as a form holds it: the chosen files in state, shown back to it. */
function Harness({
  max = 3,
  serverError = null,
  label = 'Screenshots of the ban message',
}: {
  max?: number;
  serverError?: string | null;
  label?: string;
}) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <EvidencePicker
        id="evidence"
        label={label}
        files={files}
        onChange={setFiles}
        max={max}
        serverError={serverError}
      />
      <output aria-label="kept">{files.map((file) => file.name).join(',')}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Screenshots of the ban message');
const kept = () => screen.getByRole('status', { name: 'kept' }).textContent;

describe('the screenshot picker', () => {
  it('is a labelled file input that says what it takes', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('type', 'file');
    expect(input()).toHaveAttribute('multiple');
    expect(input().accept).toContain('image/heic');
    expect(input()).toHaveAccessibleDescription(
      expect.stringContaining('Up to 3 images (PNG, JPEG, WebP or HEIC), 10 MB each.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the chosen files, each with its own Remove button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), [
      image('ban.png'),
      image('ban-2.jpg', 'image/jpeg', 1.5 * 1024 * 1024),
    ]);
    const list = screen.getByRole('list', { name: 'Chosen screenshots' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ban.png (2 KB)Remove', 'ban-2.jpg (1.5 MB)Remove']);
    expect(screen.getByRole('button', { name: 'Remove ban.png' })).toBeVisible();
    expect(kept()).toBe('ban.png,ban-2.jpg');
  });

  it('is used with the keyboard: reach the input, then remove a file with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(input()).toHaveFocus();
    await user.upload(input(), [image('one.png'), image('two.png')]);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove one.png' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove two.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(kept()).toBe('one.png');
    // The button went away with its file; focus goes back to the input, not to the page.
    expect(input()).toHaveFocus();
    await user.tab();
    await user.keyboard(' ');
    expect(kept()).toBe('');
    expect(screen.queryByRole('list', { name: 'Chosen screenshots' })).not.toBeInTheDocument();
  });

  it('says at once why a file is left out, and marks the input', async () => {
    // A person can pick "All files" in the dialog, whatever `accept` says.
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    const huge = image('huge.png', 'image/png', MAX_EVIDENCE_BYTES + 1);
    await user.upload(input(), [
      image('notes.txt', 'text/plain'),
      huge,
      image('fine.webp', 'image/webp'),
    ]);
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('paragraph')
        .map((line) => line.textContent),
    ).toEqual([
      'notes.txt is not a PNG, JPEG, WebP or HEIC image.',
      'huge.png is over 10 MB; each screenshot may be 10 MB at most.',
    ]);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('notes.txt is not'));
    expect(kept()).toBe('fine.webp');
  });

  it('takes a HEIC by its name even when the browser gives it no type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(input(), [image('IMG_0042.HEIC', '')]);
    expect(kept()).toBe('IMG_0042.HEIC');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps to the maximum, says so, and lets a removed file make room', async () => {
    const user = userEvent.setup();
    render(<Harness max={2} />);
    await user.upload(input(), [image('a.png'), image('b.png'), image('c.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'c.png was left out: you can attach 2 screenshots at most.',
    );
    expect(kept()).toBe('a.png,b.png');
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleDescription(
      expect.stringContaining('You have chosen 2; remove one to choose another.'),
    );
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
    await user.upload(input(), [image('c.png')]);
    expect(kept()).toBe('b.png,c.png');
  });

  it("shows the server's reason with its own messages", () => {
    render(<Harness serverError="Attach screenshots as PNG, JPEG, WebP or HEIC images." />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Attach screenshots as PNG, JPEG, WebP or HEIC images.',
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
  });

  it('in Hindi: the hint, the reasons a file is left out and the Remove buttons are Hindi', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const label = 'बैन मैसेज के स्क्रीनशॉट जोड़ें';
    render(
      <LocaleIntl locale="hi">
        <Harness label={label} />
      </LocaleIntl>,
    );
    const hindiInput = screen.getByLabelText<HTMLInputElement>(label);
    expect(hindiInput).toHaveAccessibleDescription(
      expect.stringContaining('ज़्यादा से ज़्यादा 3 इमेज (PNG, JPEG, WebP या HEIC), हर एक 10 MB तक।'),
    );
    await user.upload(hindiInput, [
      image('notes.txt', 'text/plain'),
      image('huge.png', 'image/png', MAX_EVIDENCE_BYTES + 1),
      image('fine.webp', 'image/webp'),
    ]);
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('paragraph')
        .map((line) => line.textContent),
    ).toEqual([
      'notes.txt PNG, JPEG, WebP या HEIC इमेज नहीं है।',
      'huge.png 10 MB से बड़ी है; हर स्क्रीनशॉट ज़्यादा से ज़्यादा 10 MB का हो सकता है।',
    ]);
    const list = screen.getByRole('list', { name: 'चुने गए स्क्रीनशॉट' });
    expect(within(list).getByRole('button', { name: 'fine.webp हटाएँ' })).toHaveTextContent('हटाएँ');
  });

  it('in Spanish: sizes are written with a decimal comma', async () => {
    const user = userEvent.setup();
    render(
      <LocaleIntl locale="es">
        <Harness label="Añade capturas del mensaje de bloqueo" />
      </LocaleIntl>,
    );
    await user.upload(screen.getByLabelText('Añade capturas del mensaje de bloqueo'), [
      image('ban.jpg', 'image/jpeg', 1.5 * 1024 * 1024),
    ]);
    expect(screen.getByRole('list', { name: 'Capturas elegidas' })).toHaveTextContent(
      'ban.jpg (1,5 MB)Quitar',
    );
  });
});
