import { describe, expect, it } from 'vitest';
import type { ResultFigure } from '@unban/contract/results';
import { englishIntl } from '../../test/english-intl';
import * as inLanguage from './results-format';

// The English page's formatting.
const formatDuration = (seconds: number) => inLanguage.formatDuration(englishIntl, seconds);
const formatShare = (share: number) => inLanguage.formatShare(englishIntl, share);
const formatDay = (iso: string) => inLanguage.formatDay(englishIntl, iso);
const formatFigure = (figure: ResultFigure, format: (value: number) => string) =>
  inLanguage.formatFigure(englishIntl, figure, format);

describe('results formatting', () => {
  it('writes durations in words, largest units first', () => {
    expect(formatDuration(40 * 60)).toBe('40 minutes');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatDuration(5 * 3600 + 10 * 60)).toBe('5 hours 10 minutes');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3 days 4 hours');
    expect(formatDuration(86_400)).toBe('1 day');
  });

  it('writes shares as whole percents', () => {
    expect(formatShare(0.75)).toBe('75%');
    expect(formatShare(2 / 3)).toBe('67%');
  });

  it('says when a figure is withheld, with its sample and the minimum', () => {
    expect(formatFigure({ status: 'value', value: 0.5, sampleSize: 30 }, formatShare)).toBe('50%');
    expect(
      formatFigure({ status: 'not_enough_cases', sampleSize: 3, minimumSample: 20 }, formatShare),
    ).toBe('Not enough cases yet (3 of 20 needed)');
  });

  it('writes the period in words', () => {
    expect(formatDay('2026-11-25T15:00:00.000Z')).toBe('25 November 2026');
  });
});
